import type { Page, Route } from '@playwright/test';

/**
 * Holds the app's entry until the returned function is called: the page shows only what the HTML brought. (A service
 * worker would answer the entry from its cache: block it in the tests that use this.)
 */
export async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/main-*.js', async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}
