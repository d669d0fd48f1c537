import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PullIndicator as PullToRefresh } from '@/components/pull-indicator';
import { PULL_THRESHOLD } from '@/hooks/use-pull-to-refresh';
import { theme } from '@/lib/theme';

/** A touch event as a phone sends it (jsdom has no Touch constructor). */
function touch(type: 'touchstart' | 'touchmove' | 'touchend', x: number, y: number, target: EventTarget = document.body) {
  const event = new Event(type, { bubbles: true });
  const touches = type === 'touchend' ? [] : [{ clientX: x, clientY: y, target }];
  Object.defineProperty(event, 'touches', { value: touches });
  act(() => {
    target.dispatchEvent(event);
  });
}
/** A finger dragging from (x, y) by (dx, dy), in steps, then lifted. */
function drag(dx: number, dy: number, { from = 100, target }: { from?: number; target?: EventTarget } = {}) {
  touch('touchstart', 200, from, target);
  for (let i = 1; i <= 5; i++) touch('touchmove', 200 + (dx * i) / 5, from + (dy * i) / 5, target);
  touch('touchend', 0, 0, target);
}

function setup(onRefresh = vi.fn(() => new Promise<void>(() => {}))) {
  render(
    <MantineProvider theme={theme} env="test">
      <PullToRefresh onRefresh={onRefresh} />
      <div role="dialog" data-testid="dialog" />
    </MantineProvider>,
  );
  return onRefresh;
}

afterEach(() => {
  window.scrollY = 0;
});

describe('pull to refresh', () => {
  it('follows a downward drag from the top, and refreshes with a visible spinner once let go far enough', async () => {
    let done: () => void = () => {};
    const onRefresh = setup(vi.fn(() => new Promise<void>((resolve) => (done = resolve))));
    touch('touchstart', 200, 100);
    touch('touchmove', 200, 140);
    const indicator = screen.getByTestId('pull-indicator');
    expect(indicator.getAttribute('data-phase')).toBe('pulling');
    expect(indicator.getAttribute('data-ready')).toBeNull();
    touch('touchmove', 200, 100 + PULL_THRESHOLD * 2 + 10);
    expect(screen.getByTestId('pull-indicator').getAttribute('data-ready')).toBe('true');
    touch('touchend', 0, 0);

    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('กำลังโหลดข้อมูลใหม่');
    await act(async () => done());
    expect(screen.queryByTestId('pull-indicator')).toBeNull();
  });

  it('does nothing for a short pull, a sideways swipe, a page scrolled down or a drag inside a dialog', () => {
    const onRefresh = setup();
    drag(0, PULL_THRESHOLD); // only half as far once resisted
    drag(200, 60); // a carousel swipe
    window.scrollY = 300;
    drag(0, 400);
    window.scrollY = 0;
    drag(0, 400, { target: screen.getByTestId('dialog') });
    expect(onRefresh).not.toHaveBeenCalled();
    expect(screen.queryByTestId('pull-indicator')).toBeNull();
  });
});
