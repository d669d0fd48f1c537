import { MutationCache, QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { isFrappeClientError } from './frappe-error';

const DAY = 24 * 60 * 60 * 1000;

/** How long cached answers are kept; the persisters' maxAge must not exceed it: 7 days, the longest an installed app may show what it saw last. */
export const CACHE_TIME = 7 * DAY;

/** Network failures, timeouts, 429 and 5xx are worth another try; other 4xx (validation, permission, not found) never are. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isFrappeClientError(error)) return true;
  const status = error.httpStatus;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** The server no longer knows the caller as who the app thinks: signed out elsewhere, blocked, or the session expired. */
export const isRefusedAuth = (error: unknown): boolean => isFrappeClientError(error) && (error.httpStatus === 401 || error.httpStatus === 403);

export interface QueryClientHooks {
  /**
   * A call was refused as unauthenticated or unpermitted. The app asks the server again who is signed in: a session
   * ended behind the member's back (blocked by the back office, signed out on another device) then shows the
   * sign-in instead of screens whose every call fails, even while the saved answer still looks fresh.
   */
  onAuthRefused?: () => void;
}

/** A fresh QueryClient with the app's defaults; tests make one per test. */
export function createQueryClient(config: QueryClientConfig = {}, hooks: QueryClientHooks = {}): QueryClient {
  const refused = (error: unknown) => {
    if (isRefusedAuth(error)) hooks.onAuthRefused?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: refused }),
    mutationCache: new MutationCache({ onError: refused }),
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: {
        staleTime: 60 * 1000,
        gcTime: CACHE_TIME,
        retry: shouldRetry,
        ...config.defaultOptions?.queries,
      },
      mutations: {
        retry: false,
        ...config.defaultOptions?.mutations,
      },
    },
  });
}
