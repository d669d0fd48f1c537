/**
 * Runs `run` once the browser is idle (at the latest after `timeoutMs`); where there is no requestIdleCallback
 * (Safari), after `fallbackMs`. Returns the cancel function, ready for a useEffect cleanup.
 */
export function whenIdle(run: () => void, timeoutMs: number, fallbackMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const idle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(idle);
  }
  const timer = setTimeout(run, fallbackMs);
  return () => clearTimeout(timer);
}
