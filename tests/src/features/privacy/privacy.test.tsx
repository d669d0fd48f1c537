import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { privacyKeys, type Consents, type PrivacyNotice } from '@/entities/privacy';
import { authKeys } from '@/features/auth';
import { DeleteAccount } from '@/features/privacy/components/delete-account';
import { PrivacySettings } from '@/features/privacy/components/privacy-settings';
import { resetOnlineForTests } from '@/lib/online';
import { resetOutboxForTests, startOutbox, type OutboxEntry } from '@/lib/outbox';
import { CONSENTS_UP_TO_DATE, renderApp, renderAppAt, SIGNED_IN_MEMBER, stubFetch, testQueryClient } from '../../render-app';

const AT = '2026-03-01T03:00:00.000Z';
const NOTICE_V2: PrivacyNotice = {
  version: 2,
  published_at: '2026-02-28T18:30:00.000Z',
  title: { th: 'นโยบายฉบับปรับปรุง', en: 'The revised policy' },
  intro: { th: 'บทนำ', en: 'Intro' },
  sections: [{ title: { th: 'ข้อมูลที่เก็บ', en: 'What we collect' }, body: { th: 'ชื่อและเบอร์โทรศัพท์', en: 'Your name and phone number' } }],
};
const consents = (privacyVersion: number, marketing: 0 | 1 | null, current = 2): Consents => ({
  current_notice_version: current,
  consents: {
    privacy_notice: { granted: 1, version: privacyVersion, at: AT },
    marketing: marketing === null ? null : { granted: marketing, at: AT },
  },
});

// The outbox sends through this fake server: set_consent answers the consents as the server would record them.
let sent: OutboxEntry[] = [];
let held: Consents = consents(1, null);
beforeEach(async () => {
  sent = [];
  resetOutboxForTests();
  resetOnlineForTests(true);
  const map = new Map<string, OutboxEntry>();
  await startOutbox({
    backend: { all: async () => [...map.values()], put: async (e) => void map.set(e.id, e), remove: async (id) => void map.delete(id) },
    transport: async (entry) => {
      sent.push(entry);
      const a = entry.args as { purpose: string; granted: 0 | 1; version?: number };
      held =
        a.purpose === 'marketing'
          ? { ...held, consents: { ...held.consents, marketing: { granted: a.granted, at: AT } } }
          : { ...held, consents: { ...held.consents, privacy_notice: { granted: a.granted, version: a.version ?? null, at: AT } } };
      return held;
    },
    listen: false,
  });
});
afterEach(() => resetOutboxForTests());

describe('a newer privacy notice', () => {
  // Nothing else answers: every other read of the screens stays loading.
  stubFetch(() => new Promise<Response>(() => {}));

  it('is asked before the member screen, cannot be dismissed, and agreeing records the version shown', async () => {
    held = consents(1, 0);
    const queryClient = testQueryClient();
    queryClient.setQueryData(privacyKeys.consents, held);
    queryClient.setQueryData(privacyKeys.notice, NOTICE_V2);
    renderAppAt('/my-account', { queryClient });

    // The question is a chunk of its own, loaded when it is needed.
    const dialog = await screen.findByRole('dialog', { name: 'We have updated our privacy notice' }, { timeout: 20_000 });
    expect(within(dialog).getByText('Your name and phone number')).toBeTruthy();
    expect(within(dialog).getByTestId('privacy-version').textContent).toBe('Version 2, published 1 March 2026');
    // No screen behind it, no way round it but signing out.
    expect(screen.queryByText('Offers and promotions')).toBeNull();
    expect(screen.queryByText('Language')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    const agree = within(dialog).getByRole('button', { name: 'Agree and continue' });
    expect(agree.hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'We have updated our privacy notice' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(agree);
    await screen.findByText('Language');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.map((e) => [e.method, e.args])).toEqual([['member_rewards.privacy.set_consent', { purpose: 'privacy_notice', granted: 1, version: 2 }]]);
  });

  it('is not asked of a member who agreed to the current version', async () => {
    renderAppAt('/my-account', { queryClient: testQueryClient() });
    await screen.findByText('Language');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('offers', () => {
  stubFetch(() => new Promise<Response>(() => {}));

  it('are asked once on the home while never answered, neither answer chosen beforehand', async () => {
    held = consents(2, null);
    const queryClient = testQueryClient();
    queryClient.setQueryData(privacyKeys.consents, held);
    renderAppAt('/', { queryClient, lang: 'th' });
    // The question is a chunk of its own, fetched only for a member never asked.
    const ask = await screen.findByTestId('marketing-ask', {}, { timeout: 20_000 });
    expect(within(ask).getByRole('heading').textContent).toBe('ให้เราส่งข้อเสนอพิเศษถึงคุณไหม?');
    fireEvent.click(within(ask).getByRole('button', { name: 'ไม่ ขอบคุณ' }));
    await waitFor(() => expect(screen.queryByTestId('marketing-ask')).toBeNull());
    expect(sent.map((e) => e.args)).toEqual([{ purpose: 'marketing', granted: 0 }]);
  });

  it('are not asked again once answered', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(privacyKeys.consents, consents(2, 0));
    renderAppAt('/', { queryClient });
    await screen.findByRole('link', { name: 'See all' });
    expect(screen.queryByTestId('marketing-ask')).toBeNull();
  });

  it('on /my-account: off when never given, one tap on, one tap off', async () => {
    held = consents(2, null);
    const queryClient = testQueryClient();
    queryClient.setQueryData(privacyKeys.consents, held);
    renderApp(<PrivacySettings />, { queryClient });
    const toggle = await screen.findByRole('switch', { name: 'Offers and promotions' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Offers and promotions' }) as HTMLInputElement).checked).toBe(true));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Offers and promotions' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('switch', { name: 'Offers and promotions' }));
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Offers and promotions' }) as HTMLInputElement).checked).toBe(false));
    expect(sent.map((e) => e.args)).toEqual([
      { purpose: 'marketing', granted: 1 },
      { purpose: 'marketing', granted: 0 },
    ]);
  });
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (status: number, code: string) => json({ exc_type: 'ValidationError', error_code: code, _server_messages: JSON.stringify([JSON.stringify({ message: 'x' })]) }, status);

describe('download my data', () => {
  let answer: () => Response = () => json({});
  stubFetch(async (input) => {
    const url = String(input);
    if (url.includes('export_my_data')) return answer();
    return new Promise<Response>(() => {});
  });

  it('saves the document as member-data-<day in Thailand>.json', async () => {
    const doc = { format: 'member-rewards.my-data.v1', generated_at: AT, profile: {}, addresses: [{ address_line1: '99/1' }], points: [{ loyalty_points: 24 }] };
    answer = () =>
      json({
        ...doc,
        profile: {
          customer: 'CUST-00002', customer_name: 'สมใจ ใจดี', full_name: 'สมใจ ใจดี', first_name: 'สมใจ', last_name: 'ใจดี', email: null, mobile_no: null,
          phone_verified: true, id_card_number: null, birth_date: null, user_image: null, language: 'th', line_user_id: null, member_since: AT,
          loyalty_program: null, tier: null, loyalty_points: 24,
        },
        consents: [], orders: [], refunds: [], notification_settings: null, push_devices: [], member_code_devices: [], notifications: [], sessions: [], privacy_requests: [],
      });
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T18:30:00.000Z') });
    const saved: { name: string; blob: Blob }[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push({ name: '', blob });
      return 'blob:member-data';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    try {
      const queryClient = testQueryClient();
      queryClient.setQueryData(privacyKeys.consents, CONSENTS_UP_TO_DATE);
      renderApp(<PrivacySettings />, { queryClient });
      fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      // 01:30 on 2 March in Bangkok.
      expect(saved[0]!.name).toBe('member-data-2026-03-02.json');
      const file = JSON.parse(await saved[0]!.blob.text()) as { addresses: unknown[]; points: unknown[] };
      expect(file.addresses).toEqual([{ address_line1: '99/1' }]);
      expect(file.points).toEqual([{ loyalty_points: 24 }]);
    } finally {
      click.mockRestore();
      vi.useRealTimers();
    }
  });

  it('says so when the day’s copies are used up', async () => {
    answer = () => refusal(429, 'export_rate_limited');
    const queryClient = testQueryClient();
    queryClient.setQueryData(privacyKeys.consents, CONSENTS_UP_TO_DATE);
    renderApp(<PrivacySettings />, { queryClient, lang: 'th' });
    fireEvent.click(await screen.findByRole('button', { name: 'ดาวน์โหลดข้อมูลของฉัน' }));
    expect((await screen.findByRole('alert')).textContent).toBe('ดาวน์โหลดข้อมูลของคุณได้ไม่เกิน 5 ครั้งต่อวัน กรุณาลองใหม่พรุ่งนี้');
  });
});

describe('delete my account', () => {
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  stubFetch(
    async (input, init) => {
      const method = new URL(String(input), 'http://localhost').pathname.replace('/api/method/', '');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ method, body });
      if (method === 'member_rewards.privacy.request_deletion') return json({ message: { sent: true, phone: '08x-xxx-1234', uncollected_rewards: ['ACC-SINV-1'], points_to_forfeit: 24 } });
      if (method === 'member_rewards.privacy.confirm_deletion') {
        return body.otp === '123456' ? json({ message: { erased: true, customer: 'CUST-00002', cancelled_rewards: [], points_forfeited: 24 } }) : refusal(417, 'erasure_code_wrong');
      }
      if (method === 'logout') return json({}, 401);
      return new Promise<Response>(() => {});
    },
    () => {
      calls.length = 0;
    },
  );

  const typeCode = (code: string) => {
    const boxes = screen.getAllByLabelText(/^6-digit code \d$/);
    code.split('').forEach((digit, i) => fireEvent.change(boxes[i]!, { target: { value: digit } }));
  };

  it('explains, sends a code, refuses a wrong one, then erases and signs this device out', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(authKeys.boot, SIGNED_IN_MEMBER);
    queryClient.setQueryData(privacyKeys.consents, CONSENTS_UP_TO_DATE);
    renderApp(<DeleteAccount opened onClose={() => {}} />, { queryClient });
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account' });
    expect(within(dialog).getByText('Your remaining points are forfeited.')).toBeTruthy();
    expect(within(dialog).getByText('Rewards you redeemed but have not collected are cancelled.')).toBeTruthy();
    expect(within(dialog).getByText("Your orders and points history are kept without your name, for the brand's accounts.")).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send me a code by SMS' }));
    expect((await screen.findByRole('status')).textContent).toBe('We sent a 6-digit code to 08x-xxx-1234.');
    expect(screen.getByTestId('delete-forfeit').textContent).toBe('Points to be forfeited: 24');

    typeCode('654321');
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The code is wrong or has expired. Please ask for a new one.');
    expect(queryClient.getQueryData(authKeys.boot)).toEqual(SIGNED_IN_MEMBER);

    typeCode('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(queryClient.getQueryData<{ user: string }>(authKeys.boot)?.user).toBe('Guest'));
    expect(queryClient.getQueryData(privacyKeys.consents)).toBeUndefined();
    expect(calls.map((c) => c.method)).toEqual([
      'member_rewards.privacy.request_deletion',
      'member_rewards.privacy.confirm_deletion',
      'member_rewards.privacy.confirm_deletion',
      'logout',
    ]);
    expect(calls[2]!.body).toEqual({ otp: '123456' });
  });
});
