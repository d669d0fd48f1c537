import { request, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './env';

/**
 * Signs the demo member in the way a member does: the app's authorize address → the development LINE page
 * → "sign in as <demo member>" → back on the app with a session cookie.
 */
export async function signInDemoMember(page: Page): Promise<void> {
  if (!page.url().startsWith(BASE_URL)) await page.goto('/');
  const authorize = await page.evaluate(async () => {
    const res = await fetch(`/api/method/honda_api.api_calls.linetoken.get_oauth2_authorize_url?_=${Date.now()}`, {
      headers: { Accept: 'application/json' },
    });
    return ((await res.json()) as { message: string }).message;
  });
  await page.goto(authorize);
  await page.getByRole('button', { name: /เข้าสู่ระบบเป็น/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/api/'));
}

/** The member's API as the page's cookies allow (CSRF token from boot). */
export async function memberCall<T = unknown>(page: Page, method: string, args: Record<string, unknown> = {}, verb: 'GET' | 'POST' = 'GET'): Promise<T> {
  return page.evaluate(
    async ({ method, args, verb }) => {
      const boot = await (await fetch('/api/method/member_rewards.api.boot', { headers: { Accept: 'application/json' } })).json();
      const qs = verb === 'GET' ? `?${new URLSearchParams(Object.entries(args).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}` : '';
      const res = await fetch(`/api/method/${method}${qs}`, {
        method: verb,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Frappe-CSRF-Token': boot.message.csrf_token ?? '' },
        body: verb === 'GET' ? undefined : JSON.stringify(args),
      });
      return (await res.json()).message;
    },
    { method, args, verb },
  ) as Promise<T>;
}

/** A signed-in admin API client (its own cookie jar), for setting up documents. */
export async function adminApi(): Promise<{ api: APIRequestContext; csrf: string }> {
  const api = await request.newContext({ baseURL: BASE_URL });
  const res = await api.post('/api/method/login', { data: { usr: ADMIN_EMAIL, pwd: ADMIN_PASSWORD } });
  if (!res.ok()) throw new Error(`admin login failed: ${res.status()}`);
  const csrf = ((await res.json()) as { csrf_token: string }).csrf_token;
  return { api, csrf };
}
