import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BASE_URL,
  BRANCH_MANAGER_EMAIL,
  BRANCH_MANAGER_PASSWORD,
  LOYALTY_MANAGER_EMAIL,
  LOYALTY_MANAGER_PASSWORD,
  STAFF_EMAIL,
  STAFF_PASSWORD,
} from './env';

/** The back office's sizes: a desktop, and a tablet in both orientations. */
export const DESKTOP = { width: 1280, height: 800 };
export const LANDSCAPE = { width: 1024, height: 768 };
export const PORTRAIT = { width: 820, height: 1180 };
export type Viewport = { width: number; height: number };
export type Lang = 'th' | 'en';

/** The accounts the e2e server seeds at its first start. */
export const ACCOUNTS = {
  admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  loyalty: { email: LOYALTY_MANAGER_EMAIL, password: LOYALTY_MANAGER_PASSWORD },
  branch: { email: BRANCH_MANAGER_EMAIL, password: BRANCH_MANAGER_PASSWORD },
  staff: { email: STAFF_EMAIL, password: STAFF_PASSWORD },
} as const;
export type Account = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];

/**
 * A page of its own context (no service worker: the back office is online-only), in `lang` until the manager picks
 * another language on it (kept across reloads, as the app keeps it).
 */
export async function backOfficePage(browser: Browser, viewport: Viewport = DESKTOP, lang: Lang = 'th'): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport, serviceWorkers: 'block' });
  await context.addInitScript((l) => localStorage.setItem('lang', localStorage.getItem('lang') ?? l), lang);
  return context.newPage();
}

/**
 * A back-office page signed in as `account` by the API, as the sign-in form posts. Sign in once per page and resize
 * it for other sizes: the server allows 50 password sign-ins per address in 15 minutes.
 */
export async function signedInAs(browser: Browser, account: Account, { lang = 'th', viewport = DESKTOP }: { lang?: Lang; viewport?: Viewport } = {}): Promise<Page> {
  const page = await backOfficePage(browser, viewport, lang);
  expect((await page.request.post('/api/method/login', { data: { usr: account.email, pwd: account.password } })).status()).toBe(200);
  return page;
}

/** What makes the page unusable at its size: the page or a table scrolling sideways, a badge cut short. */
export const overflows = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) found.push(`the page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
    for (const v of document.querySelectorAll('.mantine-ScrollArea-viewport')) {
      if (v.querySelector('table') && v.scrollWidth > v.clientWidth + 1) found.push(`a table scrolls sideways: ${v.scrollWidth} > ${v.clientWidth}`);
    }
    for (const b of document.querySelectorAll('.mantine-Badge-root, .mantine-Badge-label')) {
      if (b.scrollWidth > b.clientWidth) found.push(`badge "${b.textContent}" is cut: ${b.scrollWidth} > ${b.clientWidth}`);
    }
    return found;
  });
