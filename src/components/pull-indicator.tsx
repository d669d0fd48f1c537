import { Loader } from '@mantine/core';
import { PULL_THRESHOLD, usePullToRefresh } from '@/hooks/use-pull-to-refresh';
import { useT } from '@/lib/i18n';
import classes from './pull-to-refresh.module.css';

/**
 * Drag the screen down from its top to refresh it: a round indicator follows the finger (its arrow turns once
 * letting go will refresh) and spins while `onRefresh` runs. Renders nothing at rest.
 */
export function PullIndicator({ onRefresh }: { onRefresh: () => Promise<unknown> }) {
  const t = useT();
  const state = usePullToRefresh(onRefresh);
  if (state.phase === 'idle') return null;
  const refreshing = state.phase === 'refreshing';
  const distance = refreshing ? PULL_THRESHOLD : state.distance;
  const ready = refreshing || distance >= PULL_THRESHOLD;
  return (
    <div className={classes.holder} aria-hidden={!refreshing}>
      <div
        className={classes.indicator}
        style={{ transform: `translateY(${distance}px)`, opacity: Math.min(1, distance / PULL_THRESHOLD) }}
        data-testid="pull-indicator"
        data-phase={state.phase}
        data-ready={ready || undefined}
        role={refreshing ? 'status' : undefined}
      >
        {refreshing ? (
          <>
            <Loader size={20} />
            <span className="visually-hidden">{t('common.refreshing')}</span>
          </>
        ) : (
          <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.4} strokeLinecap="round" strokeLinejoin="round" style={{ transform: `rotate(${ready ? 180 : (distance / PULL_THRESHOLD) * 180}deg)` }} aria-hidden="true">
            <path d="M12 5v14M6 13l6 6 6-6" />
          </svg>
        )}
      </div>
    </div>
  );
}
