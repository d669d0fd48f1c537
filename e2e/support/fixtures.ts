import { test as base, expect, request, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { VIEWPORT } from './env';

export interface ConsoleEntry {
  type: 'console' | 'pageerror';
  text: string;
  url?: string;
}

/** Browser noise that is not an app error: failed requests are reported by each test's own assertions. */
const EXPECTED_NOISE = [/Failed to load resource/i, /net::ERR_INTERNET_DISCONNECTED/i];

interface Fixtures {
  /** This test's own client address (automatic): see `withClientAddress`. */
  clientAddress: string;
  /** console.error messages and uncaught exceptions of `page`, collected from the start. */
  consoleErrors: ConsoleEntry[];
  /** Fails the test when any page it opened reported a Content-Security-Policy violation (automatic). */
  cspGuard: void;
}

const collected = new WeakMap<Page, ConsoleEntry[]>();

/** Content-Security-Policy violations seen by this worker's browsers: every test must add none. */
const cspViolations: string[] = [];
const watched = new WeakSet<BrowserContext>();
const CSP_REPORT = /Content Security Policy|CSP violation/i;

/**
 * Records every CSP violation in the context's pages: Chromium's console report ("Refused to … because it violates
 * the following Content Security Policy directive …") and the `securitypolicyviolation` event, which also covers
 * violations the console would word differently. Contexts the specs create themselves are watched too (see the
 * `browser` fixture); one launched by hand needs this call.
 */
export async function watchCsp(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  context.on('console', (msg) => {
    if (msg.type() === 'error' && CSP_REPORT.test(msg.text())) cspViolations.push(`${msg.location().url}: ${msg.text()}`);
  });
}

/**
 * Each test reaches the server from an address of its own, as members on their phones do: the server the suite
 * starts trusts its loopback proxy (TRUST_PROXY=127.0.0.1), and every context a test opens sends X-Forwarded-For
 * with a 127.x address (still this machine, so the development outboxes stay readable). The per-address limits
 * (50 password sign-ins in 15 minutes, 20 codes an hour) then count one test's requests, as they count one
 * visitor's, instead of the whole suite's: an hour of tests from one address used to run into them.
 */
let currentAddress: string | undefined;
let addressesGiven = 0;

function withClientAddress(headers: Record<string, string> | undefined): Record<string, string> | undefined {
  return currentAddress ? { 'X-Forwarded-For': currentAddress, ...headers } : headers;
}

const newRequestContext = request.newContext.bind(request);
request.newContext = (options = {}) => newRequestContext({ ...options, extraHTTPHeaders: withClientAddress(options.extraHTTPHeaders) });

/**
 * `test` with a 390x844 page that records console errors and uncaught exceptions:
 *   import { appErrors, expect, test } from './support/fixtures';
 *   test('x', async ({ page, consoleErrors }) => { ...; expect(appErrors(consoleErrors)).toEqual([]); });
 */
export const test = base.extend<Fixtures, { browser: Browser }>({
  clientAddress: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, testInfo) => {
      addressesGiven += 1;
      currentAddress = `127.${testInfo.workerIndex + 1}.${(addressesGiven >> 8) & 255}.${addressesGiven & 255}`;
      await provide(currentAddress);
      currentAddress = undefined;
    },
    { auto: true },
  ],
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, provide) => {
    await provide({ 'X-Forwarded-For': clientAddress, ...extraHTTPHeaders });
  },
  // Every context a spec opens with browser.newContext() is watched for CSP violations as well, and comes from the
  // test's address.
  browser: [
    async ({ browser }, provide) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext({ ...options, extraHTTPHeaders: withClientAddress(options?.extraHTTPHeaders) });
        await watchCsp(context);
        return context;
      };
      await provide(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, provide) => {
    await watchCsp(context);
    await provide(context);
  },
  cspGuard: [
    // Playwright reads a fixture's needs from its first parameter, which must be a destructuring pattern: this
    // one needs nothing, so that no page or context is opened for tests that do not use one.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const before = cspViolations.length;
      await provide();
      expect(cspViolations.slice(before), 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
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
