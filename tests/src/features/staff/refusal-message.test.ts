import { describe, expect, it } from 'vitest';
import { STAFF_REFUSAL_REASONS } from '../../../../contracts/staff';
import { refusalMessage } from '@/features/staff/api';
import { FrappeClientError } from '@/lib/frappe-error';
import { loadDomain, lookup } from '@/lib/i18n/catalog';

const refused = (reason: string, status = 417) =>
  new FrappeClientError({ httpStatus: status, httpStatusText: '', body: { exc_type: 'ValidationError', reason, error_code: reason }, defaultMessage: 'There was an error.' });

describe('the till explains every refusal the server can give', () => {
  it('maps each staff reason to its own message in both languages, never the generic one', async () => {
    await loadDomain('staff');
    for (const reason of STAFF_REFUSAL_REASONS) {
      // no_program has no till message of its own: it only ever reaches the log.
      if (reason === 'no_program') continue;
      const { key } = refusalMessage(refused(reason), (iso) => iso);
      expect(key, reason).not.toBe('staff.errGeneric');
      for (const lang of ['th', 'en'] as const) expect(lookup(lang, key), `${lang} ${key}`).toBeTruthy();
    }
  });

  it('a blocked member and a staff account at its own cap are told apart', () => {
    expect(refusalMessage(refused('member_blocked', 403), String).key).toBe('staff.errMemberBlocked');
    expect(refusalMessage(refused('staff_daily_cap'), String).key).toBe('staff.errStaffDailyCap');
  });
});

describe('a member without a verified phone at the till', () => {
  it('is explained to the staff member, not refused with a generic error', () => {
    expect(refusalMessage(refused('phone_not_verified', 403), String)).toEqual({ key: 'staff.errPhoneNotVerified' });
  });
});
