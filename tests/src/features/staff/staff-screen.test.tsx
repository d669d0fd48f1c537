import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootQuery } from '@/entities/member';
import { StaffScreen } from '@/features/staff';
import { actionsQuery, type StaffAction } from '@/entities/staff';
import type { Lang } from '@/lib/i18n';
import { renderApp, testQueryClient } from '../../render-app';

const MEMBER = {
  customer: 'CUST-1',
  full_name: 'Somjai Jaidee',
  user_image: null,
  tier: 'Silver',
  loyalty_points: 24,
  member_since: '2025-01-10',
  collection_factor: 25,
  daily_cap: 500,
  awarded_today: 0,
};
const REWARD_CODE = '7K2MQ9XD4HTBW0RS';
const REWARD = {
  invoice: 'ACC-SINV-2026-00007',
  code: REWARD_CODE,
  posting_date: '2026-01-05',
  branch: 'Siam',
  loyalty_points: 15,
  items: [{ item_code: 'GIFT-TOTE', item_name: 'Tote bag', image: null, qty: 1, loyalty_points: 15 }],
  member: { customer: 'CUST-1', full_name: 'Somjai Jaidee', user_image: null },
  delivery_notes: [{ name: 'MAT-DN-1', status: 'Draft', submitted_by: null, submitted_by_name: null, submitted_at: null }],
  confirmed: false,
};

const action = (over: Partial<StaffAction>): StaffAction => ({
  id: 1,
  staff_user: 'staff@example.com',
  staff_name: 'Till One',
  branch: 'Siam',
  action: 'scan_member',
  target: 'CUST-1',
  detail: {},
  created_at: '2026-01-05T03:00:00.000Z',
  ...over,
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refusal = (status: number, reason: string) =>
  json(status, { exc_type: 'ValidationError', exception: 'frappe.exceptions.ValidationError: x', _server_messages: '[]', reason, error_code: reason });

/** The staff methods answer as the server does; what each call sent is kept for the assertions. */
let answers: Record<string, (body: Record<string, unknown>) => Response>;
const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const method = String(input).split('/api/method/')[1]?.split('?')[0] ?? '';
  const answer = answers[method];
  if (!answer) return new Promise<Response>(() => {});
  return answer(init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {});
});
const sent = (method: string) => fetchSpy.mock.calls.filter(([url]) => String(url).includes(`/api/method/${method}`));

beforeEach(() => {
  fetchSpy.mockClear();
  answers = {
    'member_rewards.staff.resolve_code': ({ code }) =>
      json(200, { message: String(code).replaceAll('-', '') === REWARD_CODE ? { kind: 'reward', reward: REWARD } : { kind: 'member', member: MEMBER, scan_token: `t-${String(code)}` } }),
    'member_rewards.staff.award_points': ({ amount, receipt_no }) =>
      json(200, { message: { customer: 'CUST-1', full_name: MEMBER.full_name, points: 20, amount, receipt_no, loyalty_points: 44, awarded_today: 20, daily_cap: 500 } }),
    'member_rewards.staff.confirm_reward': () =>
      json(200, { message: { invoice: REWARD.invoice, confirmed_by: 'staff@example.com', confirmed_by_name: 'Till One', confirmed_at: '2026-01-05T03:10:00.000Z' } }),
  };
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => vi.unstubAllGlobals());

async function renderStaff(opts: { lang?: Lang; roles?: string[]; branch?: string | null; actions?: StaffAction[] } = {}) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(bootQuery().queryKey, {
    user: 'staff@example.com',
    roles: opts.roles ?? ['Store Staff'],
    full_name: 'Till One',
    csrf_token: 'x',
    branch: opts.branch === undefined ? 'Siam' : opts.branch,
  });
  const actions = opts.actions ?? [];
  queryClient.setQueryData(actionsQuery().queryKey, actions);
  answers['member_rewards.staff.actions'] = () => json(200, { message: actions });
  const view = renderApp(<StaffScreen />, { queryClient, lang: opts.lang ?? 'en' });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

/** The code field's name in the till's two languages. */
const CODE_FIELD = { en: /Type the code, or use a handheld scanner/, th: /พิมพ์รหัส/ };
const codeField = (lang: keyof typeof CODE_FIELD = 'en') => screen.getByRole('textbox', { name: CODE_FIELD[lang] });

async function scanCode(code: string, lang: keyof typeof CODE_FIELD = 'en') {
  fireEvent.change(codeField(lang), { target: { value: code } });
  fireEvent.submit(codeField(lang).closest('form')!);
}

describe('the till', () => {
  it('after an award, "Scan the next code" puts the focus back in the code field for a handheld scanner', async () => {
    await renderStaff();
    await scanCode('4209381');
    const card = await screen.findByTestId('staff-result-member');
    fireEvent.change(within(card).getByRole('textbox', { name: /Amount/ }), { target: { value: '520' } });
    fireEvent.change(within(card).getByRole('textbox', { name: /Receipt number/ }), { target: { value: 'R-1' } });
    within(card).getByRole('textbox', { name: /Receipt number/ }).focus();
    fireEvent.click(within(card).getByRole('button', { name: 'Award points' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Scan the next code' }));
    await waitFor(() => expect(screen.queryByTestId('staff-result-member')).toBeNull());
    expect(document.activeElement).toBe(codeField());
  });

  it('after a reward hand-over, "Scan the next code" also returns the focus to the code field', async () => {
    await renderStaff();
    await scanCode('7K2M-Q9XD-4HTB-W0RS');
    const card = await screen.findByTestId('staff-result-reward');
    fireEvent.click(within(card).getByRole('button', { name: 'Confirm hand-over' }));
    fireEvent.click(await within(card).findByRole('button', { name: 'Scan the next code' }));
    await waitFor(() => expect(screen.queryByTestId('staff-result-reward')).toBeNull());
    expect(document.activeElement).toBe(codeField());
  });

  it('with no amount typed, the preview asks for one instead of promising 0 points', async () => {
    const earn = { baht_per_point: 25, rounding: 'down', multiplier: 1, campaign: null };
    answers['member_rewards.staff.resolve_code'] = () => json(200, { message: { kind: 'member', member: { ...MEMBER, earn }, scan_token: 't-1' } });
    await renderStaff();
    await scanCode('4209381');
    const card = await screen.findByTestId('staff-result-member');
    expect(within(card).queryByText(/Earns/)).toBeNull();
    expect(within(card).getByText('Enter the amount to see the points it earns')).toBeTruthy();
    const amount = within(card).getByRole('textbox', { name: /Amount/ });
    fireEvent.change(amount, { target: { value: '520' } });
    expect(within(card).getByTestId('earn-preview').textContent).toBe('Earns 20 points (1 point per 25 baht)');
    expect(within(card).queryByText('Enter the amount to see the points it earns')).toBeNull();
    fireEvent.change(amount, { target: { value: '  ' } });
    expect(within(card).queryByText(/Earns/)).toBeNull();
  });

  it('a receipt over the daily cap is refused with what it would give and what is still possible', async () => {
    answers['member_rewards.staff.award_points'] = () =>
      json(417, {
        exc_type: 'ValidationError',
        exception: 'frappe.exceptions.ValidationError: x',
        _server_messages: '[]',
        reason: 'daily_cap',
        error_code: 'daily_cap',
        points: 1200,
        remaining: 468,
        cap: 1500,
      });
    await renderStaff({ lang: 'th' });
    await scanCode('4209381', 'th');
    const card = await screen.findByTestId('staff-result-member');
    fireEvent.change(within(card).getByRole('textbox', { name: /ยอดซื้อ/ }), { target: { value: '30000' } });
    fireEvent.change(within(card).getByRole('textbox', { name: /เลขที่ใบเสร็จ/ }), { target: { value: 'R-1' } });
    fireEvent.click(within(card).getByRole('button', { name: 'ให้คะแนน' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('ใบเสร็จนี้จะให้ 1,200 คะแนน แต่วันนี้ให้สมาชิกคนนี้ได้อีกเพียง 468 จาก 1,500 คะแนน');
  });

  it('refuses a minus sign in the amount instead of dropping it, and sends nothing', async () => {
    await renderStaff();
    await scanCode('4209381');
    const card = await screen.findByTestId('staff-result-member');
    const amount = within(card).getByRole('textbox', { name: /Amount/ }) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '-50' } });
    expect(amount.value).toBe('-50');
    expect(within(card).getByText('The amount cannot be negative')).toBeTruthy();
    expect(within(card).queryByText(/^Earns/)).toBeNull();
    fireEvent.change(within(card).getByRole('textbox', { name: /Receipt number/ }), { target: { value: 'R-1' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Award points' }));
    await act(async () => {});
    expect(sent('member_rewards.staff.award_points')).toHaveLength(0);
  });

  it('says which characters a receipt number may have as soon as a Thai one is typed (Thai screen)', async () => {
    await renderStaff({ lang: 'th' });
    await scanCode('4209381', 'th');
    const card = await screen.findByTestId('staff-result-member');
    fireEvent.change(within(card).getByRole('textbox', { name: /ยอดซื้อ/ }), { target: { value: '100' } });
    fireEvent.change(within(card).getByRole('textbox', { name: /เลขที่ใบเสร็จ/ }), { target: { value: 'ใบเสร็จ-12' } });
    expect(within(card).getByText('เลขที่ใบเสร็จใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ A–Z ตัวเลข ช่องว่าง และ - / _ .')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'ให้คะแนน' }));
    await act(async () => {});
    expect(sent('member_rewards.staff.award_points')).toHaveLength(0);
  });

  it("translates the server's refusal of a receipt number or an amount", async () => {
    answers['member_rewards.staff.award_points'] = ({ receipt_no }) => refusal(417, receipt_no === 'R-1' ? 'receipt_invalid' : 'amount_invalid');
    await renderStaff();
    await scanCode('4209381');
    const card = await screen.findByTestId('staff-result-member');
    fireEvent.change(within(card).getByRole('textbox', { name: /Amount/ }), { target: { value: '1,250.50' } });
    fireEvent.change(within(card).getByRole('textbox', { name: /Receipt number/ }), { target: { value: 'R-1' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Award points' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Receipt numbers use only letters A–Z, digits, spaces and - / _ .');
    expect(JSON.parse(String(sent('member_rewards.staff.award_points')[0]![1]!.body))).toMatchObject({ amount: 1250.5, receipt_no: 'R-1' });
    fireEvent.change(within(card).getByRole('textbox', { name: /Receipt number/ }), { target: { value: 'R-2' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Award points' }));
    await waitFor(() => expect(within(card).getByRole('alert').textContent).toBe('The amount must be above 0 and at most 1,000,000 baht'));
  });
});

describe('the action log', () => {
  const refused = [
    action({ id: 3, action: 'scan_refused', target: 'member', detail: { reason: 'code_used' } }),
    action({ id: 2, action: 'confirm_refused', target: 'ACC-SINV-2026-00009', branch: 'Chiang Mai', detail: { reason: 'other_branch' } }),
    action({ id: 1, action: 'award_refused', target: 'R-9', detail: { reason: 'something_new' } }),
  ];

  it("shows why each action was refused, in the staff member's language", async () => {
    await renderStaff({ lang: 'th', actions: refused });
    const log = screen.getByRole('list', { name: 'รายการล่าสุดของสาขา' });
    const items = within(log).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('รหัสถูกปฏิเสธ');
    expect(items[0]!.textContent).toContain('เหตุผล: รหัสสมาชิกถูกใช้ไปแล้ว');
    expect(items[1]!.textContent).toContain('เหตุผล: ของรางวัลของสาขาอื่น');
    expect(items[2]!.textContent).toContain('เหตุผล: เหตุผลอื่น');
  });

  it('in English too', async () => {
    await renderStaff({ actions: refused });
    const items = within(screen.getByRole('list', { name: 'Latest at this branch' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelectorAll('p')[1]?.textContent)).toEqual([
      "Reason: member code already used",
      "Reason: another branch's reward",
      'Reason: other reason',
    ]);
  });

  it('an award refused by a cap says the receipt was over it, not that the cap was reached', async () => {
    await renderStaff({
      actions: [
        action({ id: 2, action: 'award_refused', target: 'R-2', detail: { reason: 'daily_cap' } }),
        action({ id: 1, action: 'award_refused', target: 'R-1', detail: { reason: 'staff_daily_cap' } }),
      ],
    });
    const items = within(screen.getByRole('list', { name: 'Latest at this branch' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelectorAll('p')[1]?.textContent)).toEqual([
      "Reason: over the member's daily points limit",
      "Reason: over the staff account's daily limit",
    ]);
  });

  it('a System Manager without a branch gets a read-only log of every branch, with no scan controls', async () => {
    await renderStaff({ roles: ['System Manager'], branch: null, actions: refused });
    expect(screen.queryByRole('button', { name: 'Open the camera' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('All branches (read only)')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Latest at all branches' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Branch: Siam');
    expect(items[1]!.textContent).toContain('Branch: Chiang Mai');
    expect(items[1]!.textContent).toContain("Reason: another branch's reward");
  });

  it('a staff account without a branch is told so instead of being given scan controls that always fail', async () => {
    await renderStaff({ branch: null });
    expect(screen.getByRole('alert').textContent).toBe('This staff account is not assigned to a branch');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
