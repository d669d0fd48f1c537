import { defineConfig } from '@playwright/test';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BASE_URL,
  BRANCH_MANAGER_EMAIL,
  BRANCH_MANAGER_PASSWORD,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  DIST_DIR,
  E2E_PORT,
  LOYALTY_MANAGER_EMAIL,
  LOYALTY_MANAGER_PASSWORD,
  STAFF_EMAIL,
  STAFF_PASSWORD,
  VIEWPORT,
} from './e2e/support/env';

// The app is built beforehand (`npx vite build`, done by scripts/test.mjs); the server serves dist/ and the API
// on one origin, on a fresh database per run. The timestamp is read once, in the runner process that starts it.
// `npm test` starts several runs at once (E2E_RUN 1, 2, …): each has its own database, results and report.
const run = process.env.E2E_RUN ? `-${process.env.E2E_RUN}` : '';
const dataDir = process.env.E2E_DATA_DIR ?? `test-results/e2e-db${run}-${Date.now()}`;

export default defineConfig({
  testDir: 'e2e',
  // Not test-results/ itself: Playwright empties its outputDir at start, and the database lives beside it.
  outputDir: `test-results/playwright${run}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Budgets for a busy machine (two cores shared with other work, as on a laptop running a build beside the suite, or
  // in CI), where tests took 3 to 10 times what they take on a calm one: a screen can take 20 s to appear, a journey
  // several minutes. They catch a hang; a test that passes takes the same time whatever its budget. The journeys
  // measured longer than 2.5 minutes there carry their own budget.
  timeout: 5 * 60_000,
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: `playwright-report${run}` }]] : 'list',
  use: {
    baseURL: BASE_URL,
    viewport: VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `${BASE_URL}/api/method/ping`,
    reuseExistingServer: false,
    // A first start migrates and seeds a new database: 2.5 minutes on a busy machine. Not part of any test's budget.
    timeout: 10 * 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATA_DIR: dataDir,
      DIST_DIR,
      SEED_DEMO: '1',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      STAFF_EMAIL,
      STAFF_PASSWORD,
      LOYALTY_MANAGER_EMAIL,
      LOYALTY_MANAGER_PASSWORD,
      BRANCH_MANAGER_EMAIL,
      BRANCH_MANAGER_PASSWORD,
      LOG_LEVEL: 'warn',
      // Each test sends its own client address through this "proxy" (support/fixtures.ts).
      TRUST_PROXY: '127.0.0.1',
      // The journeys check the seeded member's exact points; the jobs (a birthday bonus in the demo member's month,
      // say) are tested with a clock in the server tests instead.
      LOYALTY_JOBS_INTERVAL_SECONDS: '0',
    },
  },
});
