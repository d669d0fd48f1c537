// Fixed values shared by playwright.config.ts (which passes them to the server it starts) and the specs.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8123);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** Seeded by the server at start (ADMIN_EMAIL/ADMIN_PASSWORD, STAFF_EMAIL/STAFF_PASSWORD); test-only values. */
export const ADMIN_EMAIL = 'admin@e2e.test';
export const ADMIN_PASSWORD = 'Admin-e2e-Passw0rd!';
export const STAFF_EMAIL = 'staff@e2e.test';
export const STAFF_PASSWORD = 'Staff-e2e-Passw0rd!';

/** The built app the server serves (the update test simulates a deploy by changing dist/sw.js). */
export const DIST_DIR = process.env.E2E_DIST_DIR ?? process.env.DIST_DIR ?? 'dist';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-gpu'];

/** The phone the app is designed for. */
export const VIEWPORT = { width: 390, height: 844 };

/** The managers seeded at the first start (the Branch Manager runs the staff user's branch). */
export const LOYALTY_MANAGER_EMAIL = 'loyalty@e2e.test';
export const LOYALTY_MANAGER_PASSWORD = 'Loyalty-e2e-Passw0rd!';
export const BRANCH_MANAGER_EMAIL = 'branch.manager@e2e.test';
export const BRANCH_MANAGER_PASSWORD = 'Branch-e2e-Passw0rd!';
