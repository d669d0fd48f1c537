import { test as base, expect, type Page } from '@playwright/test';
import { VIEWPORT } from './env';

export interface ConsoleEntry {
  type: 'console' | 'pageerror';
  text: string;
  url?: string;
}

/** Browser noise that is not an app error: failed requests are reported by the spec's own assertions. */
const EXPECTED_NOISE = [/Failed to load resource/i, /net::ERR_INTERNET_DISCONNECTED/i];

interface Fixtures {
  /** console.error messages and uncaught exceptions of `page`, collected from the start. */
  consoleErrors: ConsoleEntry[];
}

const collected = new WeakMap<Page, ConsoleEntry[]>();

/**
 * `test` with a 390x844 page that records console errors and uncaught exceptions:
 *   import { appErrors, expect, test } from './support/fixtures';
 *   test('x', async ({ page, consoleErrors }) => { ...; expect(appErrors(consoleErrors)).toEqual([]); });
 */
export const test = base.extend<Fixtures>({
  page: async ({ page }, provide) => {
    const entries: ConsoleEntry[] = [];
    collected.set(page, entries);
    await page.setViewportSize(VIEWPORT);
    page.on('console', (msg) => {
      if (msg.type() === 'error') entries.push({ type: 'console', text: msg.text(), url: msg.location().url });
    });
    page.on('pageerror', (error) => entries.push({ type: 'pageerror', text: `${error.name}: ${error.message}` }));
    await provide(page);
  },
  consoleErrors: async ({ page }, provide) => {
    await provide(collected.get(page) ?? []);
  },
});

export { expect };

/** The errors that point at the app (browser network noise left out). */
export function appErrors(entries: ConsoleEntry[], alsoIgnore: RegExp[] = []): ConsoleEntry[] {
  return entries.filter((e) => ![...EXPECTED_NOISE, ...alsoIgnore].some((re) => re.test(e.text)));
}

/** Resolves once a service worker controls the page (the first visit is claimed right after install). */
export async function waitForServiceWorker(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    async () => {
      if (!('serviceWorker' in navigator)) return false;
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    },
    undefined,
    { timeout },
  );
}
