import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, STAFF_EMAIL, STAFF_PASSWORD } from './env';

/**
 * Signs the demo member in the way a member does: an authorize address → the development LINE page → "sign in as
 * <demo member>" → back on the app with a session cookie. The page leaves the app first: every authorize address
 * binds a fresh state to the browser's cookie, and /login asks for its own on load, so an app page still open on
 * /login could replace ours while we use it (the callback would then refuse the state).
 */
export async function signInDemoMember(page: Page): Promise<void> {
  await page.goto('about:blank');
  const answer = await page.request.get(`${BASE_URL}/api/method/honda_api.api_calls.linetoken.get_oauth2_authorize_url?_=${Date.now()}`, {
    headers: { Accept: 'application/json' },
  });
  if (!answer.ok()) throw new Error(`authorize url: ${answer.status()} ${await answer.text()}`);
  const { message } = (await answer.json()) as { message: string | { url?: string } };
  await page.goto(typeof message === 'string' ? message : String(message.url));
  await page.getByRole('button', { name: /เข้าสู่ระบบเป็น/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/api/'));
  if (new URL(page.url()).searchParams.get('error')) throw new Error(`LINE sign-in refused: ${page.url()}`);
}

/** Signs a brand-new member in through the development LINE page (without the login screen). */
export async function signInNewLineMember(page: Page, name: string): Promise<void> {
  await page.goto('/welcome');
  const authorize = await page.evaluate(async () => {
    const res = await fetch(`/api/method/honda_api.api_calls.linetoken.get_oauth2_authorize_url?_=${Date.now()}`);
    return ((await res.json()) as { message: string }).message;
  });
  await page.goto(authorize);
  await page.getByLabel(/ชื่อที่แสดงใน LINE/).fill(name);
  await page.getByRole('button', { name: 'ดำเนินการต่อ' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/api/'));
}

/** A call with the page's cookies and CSRF token (from boot); returns the status and the body. */
export async function pageCall(page: Page, method: string, args: Record<string, unknown> = {}, verb: 'GET' | 'POST' = 'POST') {
  return page.evaluate(
    async ({ method, args, verb }) => {
      const boot = await (await fetch('/api/method/member_rewards.api.boot', { headers: { Accept: 'application/json' } })).json();
      const qs = verb === 'GET' ? `?${new URLSearchParams(Object.entries(args).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}` : '';
      const res = await fetch(`/api/method/${method}${qs}`, {
        method: verb,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Frappe-CSRF-Token': boot.message.csrf_token ?? '' },
        body: verb === 'GET' ? undefined : JSON.stringify(args),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, args, verb },
  );
}

/** The member's API as the page's cookies allow: the answer's `message`. */
export async function memberCall<T = unknown>(page: Page, method: string, args: Record<string, unknown> = {}, verb: 'GET' | 'POST' = 'GET'): Promise<T> {
  return (await pageCall(page, method, args, verb)).body.message as T;
}

/** The member redeems a tote bag (15 points) for pickup at สาขาสยาม, through the API: the order. */
export function redeemTote(page: Page): Promise<{ name: string }> {
  return memberCall<{ name: string }>(
    page,
    'headless_e_commerce.api.place_order',
    { loyalty_points: 15, items: [{ item_code: 'GIFT-TOTE', qty: 1 }], payment_method: 'bank-transfer', branch: 'สาขาสยาม' },
    'POST',
  );
}

/** A signed-in admin API client (its own cookie jar), for setting up documents. */
export async function adminApi(): Promise<{ api: APIRequestContext; csrf: string }> {
  const api = await request.newContext({ baseURL: BASE_URL });
  const res = await api.post('/api/method/login', { data: { usr: ADMIN_EMAIL, pwd: ADMIN_PASSWORD } });
  if (!res.ok()) throw new Error(`admin login failed: ${res.status()}`);
  const csrf = ((await res.json()) as { csrf_token: string }).csrf_token;
  return { api, csrf };
}

/** A new member: LINE sign-in with a typed display name on the development page, then the phone verified. */
export async function newVerifiedMember(page: Page, name: string): Promise<string> {
  await signInNewLineMember(page, name);
  await page.waitForURL('**/phonverify');
  return verifyNewPhone(page);
}

/** The signed-in member verifies a new phone number through the API (the code read from the SMS outbox): the phone. */
export async function verifyNewPhone(page: Page): Promise<string> {
  const phone = `09${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  await memberCall(page, 'honda_api.api_calls.verifyuser.getphone', { userphone: phone }, 'POST');
  // The SMS may still be on its way to the development outbox.
  let otp: string | undefined;
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get(`/api/method/member_rewards.dev.sms_outbox?phone=${phone}`)).json()) as { message: { body: string }[] };
      otp = outbox.message[0]?.body.match(/\b(\d{6})\b/)?.[1];
      return otp;
    })
    .toBeTruthy();
  await memberCall(page, 'honda_api.api_calls.verifyuser.verifyotp', { userphone: phone, otp }, 'POST');
  return phone;
}

/**
 * Staff award points on the member's current code (read from /my-id), through the staff API; a code awards once,
 * so pass the code used last time and the next one is awaited (they rotate every 30 s). Returns the points and code.
 */
export async function staffAward(member: Page, amount: number, lastCode = ''): Promise<{ points: number; code: string }> {
  await member.goto('/my-id');
  const shown = member.getByTestId('member-code');
  await expect(shown).toHaveText(/^\d{7,15}$/, { timeout: 20_000 });
  if (lastCode) await expect(shown).not.toHaveText(lastCode, { timeout: 40_000 });
  const code = (await shown.textContent())!.trim();
  const staff = await request.newContext({ baseURL: BASE_URL });
  try {
    const login = await staff.post('/api/method/login', { data: { usr: STAFF_EMAIL, pwd: STAFF_PASSWORD } });
    const csrf = ((await login.json()) as { csrf_token: string }).csrf_token;
    const res = await staff.post('/api/method/member_rewards.staff.award_points', {
      data: { member_code: code, amount, receipt_no: `E2E-${Date.now()}` },
      headers: { 'X-Frappe-CSRF-Token': csrf },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return { points: ((await res.json()) as { message: { points: number } }).message.points, code };
  } finally {
    await staff.dispose();
  }
}
