import { describe, expect, it } from 'vitest';
import { STAFF_REFUSAL_REASONS } from '../../../../contracts/staff';
import { refusalMessage } from '@/features/staff/api';
import { FrappeClientError } from '@/lib/frappe-error';
import { loadDomain, lookup } from '@/lib/i18n/catalog';
import { translate } from '@/lib/i18n';

const refused = (reason: string, status = 417, extra: Record<string, unknown> = {}) =>
  new FrappeClientError({
    httpStatus: status,
    httpStatusText: '',
    body: { exc_type: 'ValidationError', reason, error_code: reason, ...extra },
    defaultMessage: 'There was an error.',
  });
const fmt = { time: String, number: String };

describe('the till explains every refusal the server can give', () => {
  it('maps each staff reason to its own message in both languages, never the generic one', async () => {
    await loadDomain('staff');
    for (const reason of STAFF_REFUSAL_REASONS) {
      // no_program has no till message of its own: it only ever reaches the log.
      if (reason === 'no_program') continue;
      const { key } = refusalMessage(refused(reason), fmt);
      expect(key, reason).not.toBe('staff.errGeneric');
      for (const lang of ['th', 'en'] as const) expect(lookup(lang, key), `${lang} ${key}`).toBeTruthy();
    }
  });

  it('a blocked member and a staff account at its own cap are told apart', () => {
    expect(refusalMessage(refused('member_blocked', 403), fmt).key).toBe('staff.errMemberBlocked');
    expect(refusalMessage(refused('staff_daily_cap'), fmt).key).toBe('staff.errStaffDailyCap');
  });
});

describe('a member without a verified phone at the till', () => {
  it('is explained to the staff member, not refused with a generic error', () => {
    expect(refusalMessage(refused('phone_not_verified', 403), fmt)).toEqual({ key: 'staff.errPhoneNotVerified' });
  });
});

describe('a receipt over a daily cap', () => {
  const say = (lang: 'th' | 'en', r: ReturnType<typeof refusalMessage>) => translate(lang, r.key, r.params);
  const thousands = { time: String, number: (n: number) => n.toLocaleString('en-US') };

  it('says what the receipt would give and what can still be given today, in both languages', async () => {
    await loadDomain('staff');
    const r = refusalMessage(refused('daily_cap', 417, { points: 600, remaining: 468, cap: 500 }), fmt);
    expect(say('en', r)).toBe("This receipt would give 600 points; only 468 of today's 500 can still be given to this member.");
    expect(say('th', r)).toBe('ใบเสร็จนี้จะให้ 600 คะแนน แต่วันนี้ให้สมาชิกคนนี้ได้อีกเพียง 468 จาก 500 คะแนน');
  });

  it('with nothing left today it says so instead of "only 0 can still be given"', async () => {
    await loadDomain('staff');
    const r = refusalMessage(refused('daily_cap', 417, { points: 80, remaining: 0, cap: 1500 }), thousands);
    expect(say('en', r)).toBe("This receipt would give 80 points; this member has already been given all of today's 1,500.");
    expect(say('th', r)).toBe('ใบเสร็จนี้จะให้ 80 คะแนน แต่วันนี้สมาชิกคนนี้ได้รับครบ 1,500 คะแนนแล้ว');
  });

  it("the staff account's own cap is said the same way", async () => {
    await loadDomain('staff');
    const left = refusalMessage(refused('staff_daily_cap', 417, { points: 1200, remaining: 300, cap: 2000 }), thousands);
    expect(say('en', left)).toBe('This receipt would give 1,200 points; you can give only 300 more of your 2,000 today.');
    expect(say('th', left)).toBe('ใบเสร็จนี้จะให้ 1,200 คะแนน แต่วันนี้บัญชีของคุณให้ได้อีกเพียง 300 จาก 2,000 คะแนน');
    const none = refusalMessage(refused('staff_daily_cap', 417, { points: 40, remaining: 0, cap: 2000 }), thousands);
    expect(say('en', none)).toBe('This receipt would give 40 points; you have already given all 2,000 points your account may give today.');
  });

  it('without the figures it still says only what is true', async () => {
    await loadDomain('staff');
    expect(say('en', refusalMessage(refused('daily_cap'), fmt))).toBe('This receipt would give more points than this member can still be given today.');
  });
});
