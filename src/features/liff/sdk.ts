import type { LiffConfig } from '../../../contracts/liff';

/** The part of LIFF the app uses: LINE's SDK, or the development stand-in that plays it. */
export interface LiffClient {
  init(): Promise<void>;
  /** Opened inside the LINE app (not an external browser). */
  isInClient(): boolean;
  isLoggedIn(): boolean;
  /** Goes to LINE's sign-in (outside LINE), then back to `redirectUri`. */
  login(redirectUri: string): void;
  getIDToken(): string | null;
}

/** Fetched only here, on /liff: neither LINE's SDK nor the stand-in is part of any other screen. */
export async function loadLiff(config: LiffConfig): Promise<LiffClient> {
  if (config.mode === 'line' && config.liff_id) {
    const { lineLiff } = await import('./line-sdk');
    return lineLiff(config.liff_id);
  }
  const { devLiff } = await import('./dev-sdk');
  return devLiff();
}
