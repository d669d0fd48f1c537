import { useEffect, useRef, useState } from 'react';

/** How far the finger must drag (after the 1:2 resistance) before letting go refreshes. */
export const PULL_THRESHOLD = 64;
const PULL_MAX = 96;
const RESISTANCE = 0.5;
/** A move smaller than this says nothing about direction yet. */
const DIRECTION_SLOP = 8;
/** The indicator never spins longer than this, even if a request hangs. */
const REFRESH_CAP_MS = 10_000;

export type PullState = { phase: 'idle' } | { phase: 'pulling'; distance: number } | { phase: 'refreshing' };

const atTop = () => Math.max(window.scrollY, document.scrollingElement?.scrollTop ?? 0) <= 0;
/** A drag inside a dialog, a drawer or a horizontal carousel is theirs, not the page's. */
const ownedByOther = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[role="dialog"], [data-no-pull]') !== null;

/**
 * Pull to refresh with touch events: a downward drag that starts with the page at its top shows how far it has
 * gone; let go past PULL_THRESHOLD and `onRefresh` runs while the state is 'refreshing'. The browser's own gesture
 * stays off (overscroll-behavior on the body); listeners are passive, so scrolling is never held up.
 */
export function usePullToRefresh(onRefresh: () => Promise<unknown>): PullState {
  const [state, setState] = useState<PullState>({ phase: 'idle' });
  const refresh = useRef(onRefresh);
  useEffect(() => {
    refresh.current = onRefresh;
  });

  useEffect(() => {
    let start: { x: number; y: number } | null = null;
    let vertical: boolean | null = null;
    let distance = 0;
    let busy = false;

    const reset = () => {
      start = null;
      vertical = null;
      distance = 0;
    };
    const onStart = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (busy || e.touches.length !== 1 || !touch || !atTop() || ownedByOther(e.target)) return reset();
      start = { x: touch.clientX, y: touch.clientY };
    };
    const onMove = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (!start || !touch) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      if (vertical === null) {
        if (Math.abs(dx) < DIRECTION_SLOP && Math.abs(dy) < DIRECTION_SLOP) return;
        vertical = Math.abs(dy) > Math.abs(dx) && dy > 0;
        if (!vertical) return reset();
      }
      distance = Math.max(0, Math.min(PULL_MAX, dy * RESISTANCE));
      setState(distance > 0 ? { phase: 'pulling', distance } : { phase: 'idle' });
    };
    const onEnd = () => {
      if (!start) return;
      const pulled = distance;
      reset();
      if (pulled < PULL_THRESHOLD) return setState({ phase: 'idle' });
      busy = true;
      setState({ phase: 'refreshing' });
      let timer: ReturnType<typeof setTimeout> | undefined;
      void Promise.race([refresh.current(), new Promise((resolve) => (timer = setTimeout(resolve, REFRESH_CAP_MS)))])
        .catch(() => undefined)
        .finally(() => {
          clearTimeout(timer);
          busy = false;
          setState({ phase: 'idle' });
        });
    };

    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd, { passive: true });
    window.addEventListener('touchcancel', reset, { passive: true });
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', reset);
    };
  }, []);

  return state;
}
