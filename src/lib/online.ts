/**
 * Whether the app can reach the server, right from a cold start.
 *
 * TanStack Query's onlineManager starts with `online: true` and only listens to the browser's online/offline
 * events, so an app opened from the home screen in a dead zone would think it is online (and fire requests
 * that hang or fail). Here the truth is:
 *   1. `navigator.onLine === false` → offline (the browser knows there is no network at all);
 *   2. otherwise a request that failed at the network level (`reportNetworkFailure`, fed by the query cache)
 *      or a failed cheap probe of `/api/method/ping` → offline, re-probed with backoff;
 *   3. any answer from the server (`reportNetworkSuccess`, or a probe that answers, whatever its status) → online.
 * `startOnlineDetection()` wires this into onlineManager, so paused queries resume by themselves.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

export const PING_PATH = '/api/method/ping';
const PROBE_TIMEOUT_MS = 4000;
const REPROBE_MIN_MS = 5000;
const REPROBE_MAX_MS = 60_000;

type Listener = (online: boolean) => void;

const listeners = new Set<Listener>();
let online = typeof navigator === 'undefined' ? true : navigator.onLine;
let probing: Promise<boolean> | undefined;
let reprobeTimer: ReturnType<typeof setTimeout> | undefined;
let reprobeDelay = REPROBE_MIN_MS;
let started = false;
let fetchImpl: typeof fetch | undefined;

function set(next: boolean) {
  if (next) {
    reprobeDelay = REPROBE_MIN_MS;
    if (reprobeTimer) clearTimeout(reprobeTimer);
    reprobeTimer = undefined;
  }
  if (next === online) return;
  online = next;
  for (const listener of [...listeners]) listener(online);
}

/** The current belief; cheap, synchronous. */
export function isOnline(): boolean {
  return online;
}

export function subscribeOnline(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React: re-renders when the connection comes or goes. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (cb) => subscribeOnline(cb),
    isOnline,
    () => true,
  );
}

function scheduleReprobe() {
  if (reprobeTimer || typeof window === 'undefined') return;
  const delay = reprobeDelay;
  reprobeDelay = Math.min(REPROBE_MAX_MS, reprobeDelay * 2);
  reprobeTimer = setTimeout(() => {
    reprobeTimer = undefined;
    void probe();
  }, delay);
}

/**
 * Asks the server whether it is reachable. Any HTTP answer (even a 5xx from a proxy) means the network is up;
 * only a network error or a timeout means offline. One probe at a time.
 */
export function probe(): Promise<boolean> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) {
    set(false);
    return Promise.resolve(false);
  }
  probing ??= (async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
    try {
      const doFetch = fetchImpl ?? globalThis.fetch.bind(globalThis);
      const answer = await doFetch(PING_PATH, { cache: 'no-store', credentials: 'same-origin', signal: controller.signal });
      // Only that it answered matters: the unread body would keep the request open in the browser.
      void answer.body?.cancel().catch(() => {});
      set(true);
      return true;
    } catch {
      set(false);
      scheduleReprobe();
      return false;
    } finally {
      clearTimeout(timer);
      probing = undefined;
    }
  })();
  return probing;
}

/** A request failed at the network level (status 0): believe offline only once a probe agrees. */
export function reportNetworkFailure(): void {
  void probe();
}

/** The server answered something: we are online. */
export function reportNetworkSuccess(): void {
  set(true);
}

/** Resolves once online (at once if already). */
export function whenOnline(): Promise<void> {
  if (online) return Promise.resolve();
  return new Promise((resolve) => {
    const off = subscribeOnline((now) => {
      if (now) {
        off();
        resolve();
      }
    });
  });
}

/**
 * Starts listening (idempotent): seeds onlineManager from navigator.onLine at once (synchronously, before any
 * query runs), then probes the server, and keeps onlineManager in step from then on.
 */
export function startOnlineDetection(options: { fetch?: typeof fetch; probeAtStart?: boolean } = {}): void {
  if (options.fetch) fetchImpl = options.fetch;
  if (started) return;
  started = true;
  online = navigator.onLine;
  onlineManager.setEventListener((setOnline) => {
    setOnline(online);
    return subscribeOnline(setOnline);
  });
  window.addEventListener('offline', () => set(false));
  // The 'online' event only says a network interface came up: check that the server answers.
  window.addEventListener('online', () => void probe());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !online) void probe();
  });
  if (options.probeAtStart !== false && online) void probe();
}

/**
 * Feeds the query cache's outcomes into the detector: a fetch that got no answer (FrappeClientError with
 * httpStatus 0) triggers a probe, a fetched answer proves the server is reachable.
 */
export function watchQueryNetwork(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const action = event.action;
    if (action.type === 'failed' || action.type === 'error') {
      const error = action.type === 'failed' ? action.error : action.error;
      if ((error as { httpStatus?: unknown } | null)?.httpStatus === 0) reportNetworkFailure();
    } else if (action.type === 'success' && !action.manual) {
      reportNetworkSuccess();
    }
  });
}

/** Tests only: forget everything. */
export function resetOnlineForTests(value = true): void {
  online = value;
  probing = undefined;
  if (reprobeTimer) clearTimeout(reprobeTimer);
  reprobeTimer = undefined;
  reprobeDelay = REPROBE_MIN_MS;
  listeners.clear();
  started = false;
  fetchImpl = undefined;
}
