import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { appErrors, expect, test, type ConsoleEntry } from './support/fixtures';
import { memberCall, signInDemoMember } from './support/member';
import { screenshot } from './support/screenshot';

/**
 * Every route of the app (and the addresses linked from screens), opened at 390x844 signed
 * out and signed in as the demo member. A route fails on a console error or uncaught exception, on the
 * fallback view ("Unexpected Application Error!"), or on a serious or critical axe-core violation.
 */
const ROUTES = (ids: { reward: string; product: string; order: string; post: string }) => [
  '/',
  `/products/${ids.reward}`,
  `/product-compare/${ids.product}`,
  '/checkout',
  `/${ids.reward}/gift-checkout`,
  `/thankyou?order_id=${ids.order}&amount=0`,
  '/profile',
  '/login',
  '/my-account',
  '/my-id',
  '/my-order',
  `/my-order-details/${ids.order}`,
  '/my-coupon',
  '/welcome',
  '/signup',
  '/fill-info',
  '/success',
  '/shipping-address',
  '/shipping-address/add',
  '/shipping-address/edit',
  '/edit-profile',
  '/categories',
  '/shop',
  '/shop/filter',
  '/shop/type',
  '/wishlist',
  '/reward',
  '/reward-details',
  '/reward-coupon',
  '/reward-home',
  '/gifts',
  '/reward-history',
  '/phonverify',
  '/terms-and-conditions',
  '/consent',
  '/collect-points',
  '/how-to-collect-rewards',
  '/member-conditions',
  '/single-blog',
  '/product-detail',
  '/blog-admin',
  '/blog-categories',
  '/blog-add',
  '/blog',
  '/branch',
  '/laveena-about-us',
  '/blog-detail',
  '/product',
  '/privacy-policy',
  `/blog-view/${ids.post}`,
  `/blog-edit/${ids.post}`,
  `/my-order/${ids.order}`,
  '/app',
  '/staff-login',
  '/forgot-password',
  '/update-password?key=made-up-key',
];

const FALLBACK = /Unexpected Application Error!|เกิดข้อผิดพลาดที่ไม่คาดคิด!/;

/** Waits until the screen has painted its data: no loading placeholder left (bounded). */
async function settle(page: Page) {
  await page.waitForLoadState('domcontentloaded');
  await page
    .waitForFunction(() => document.querySelector('main') !== null && document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, {
      timeout: 8000,
    })
    .catch(() => {});
  await page.waitForTimeout(400);
}

interface Problem {
  route: string;
  what: string;
}

/**
 * axe-core run in the page itself (legacy mode), reporting the violations' details only. The default mode runs each
 * frame apart and merges the results in a blank page of its own, a second page and a second copy of axe-core per
 * route, for cross-origin frames, which the app has none of.
 */
const axe = (page: Page) =>
  new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();

async function walk(page: Page, consoleErrors: ConsoleEntry[], routes: string[], label: string): Promise<Problem[]> {
  const problems: Problem[] = [];
  // A screen several routes land on (a guest is sent to /login?next=… from every member screen) is checked with axe
  // and photographed once; each route still gets its own console and fallback checks.
  const screens = new Set<string>();
  for (const route of routes) {
    const seen = consoleErrors.length;
    await page.goto(route);
    await settle(page);
    const landed = new URL(page.url()).pathname;
    if (await page.getByRole('heading', { name: FALLBACK }).count()) problems.push({ route, what: `fallback view (at ${landed})` });
    const errors = appErrors(consoleErrors.slice(seen));
    for (const e of errors) problems.push({ route, what: `console: ${e.text.slice(0, 200)}` });
    if (screens.has(landed)) continue;
    screens.add(landed);
    const { violations } = await axe(page);
    for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
      const where = v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ');
      problems.push({ route, what: `axe ${v.impact} ${v.id}: ${where}` });
    }
    await screenshot(page, `route-${label}${route.replace(/[/?&=]+/g, '-')}`);
  }
  return problems;
}

const report = (problems: Problem[]) => problems.map((p) => `${p.route}: ${p.what}`).join('\n');

test.describe('every route at 390x844', () => {
  test.setTimeout(15 * 60_000);

  test('signed out', async ({ page, consoleErrors }) => {
    const ids = { reward: 'GIFT-TOTE', product: 'TEE-BLACK', order: 'SINV-NONE', post: 'no-such-post' };
    const problems = await walk(page, consoleErrors, ROUTES(ids), 'out');
    expect(report(problems)).toBe('');
  });

  test('signed in as a member', async ({ page, consoleErrors }) => {
    await signInDemoMember(page);
    const orders = await memberCall<{ name: string }[]>(page, 'honda_api.api_calls.getuser.getorders');
    const ids = { reward: 'GIFT-TOTE', product: 'TEE-BLACK', order: orders[0]?.name ?? 'SINV-NONE', post: 'no-such-post' };
    const problems = await walk(page, consoleErrors, ROUTES(ids), 'in');
    expect(report(problems)).toBe('');
  });
});
