import { describe, expect, it } from 'vitest';
import { daysBetween, standingOf } from '@/features/back-office/privacy/deadline';
import { draftFrom, noticeArgs, noticeCheck } from '@/features/back-office/privacy/notice-form';
import { eraseArgs, eraseCheck } from '@/features/back-office/privacy/erase-dialog';
import { accessLogArgs } from '@/features/back-office/privacy/access-log-page';
import { PRIVACY_MANAGERS as FRAME_PRIVACY_MANAGERS } from '@/features/back-office/frame/roles';
import { PRIVACY_MANAGERS } from '../../../../../contracts/privacy';

describe('a privacy request against its legal deadline', () => {
  it('counts whole calendar days, across a month and a leap day', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-11-28', '2027-02-26')).toBe(90);
    expect(daysBetween('2026-11-28', '2026-11-27')).toBe(-1);
  });

  it('says days left, due today, or overdue for an open request, and nothing for a completed one', () => {
    expect(standingOf({ status: 'open', due_date: '2026-12-28' }, '2026-11-28')).toEqual({ state: 'left', days: 30 });
    expect(standingOf({ status: 'open', due_date: '2026-11-28' }, '2026-11-28')).toEqual({ state: 'today' });
    expect(standingOf({ status: 'open', due_date: '2026-11-25' }, '2026-11-28')).toEqual({ state: 'overdue', days: 3 });
    expect(standingOf({ status: 'completed', due_date: '2026-11-25' }, '2026-11-28')).toEqual({ state: 'done' });
  });
});

describe('erasing on a member’s request', () => {
  const say = { required: 'Required', codeInvalid: 'Enter the 6-digit code', tooLong: 'Too long' };
  const check = eraseCheck('CUST-1', say);

  it('needs the confirmation the manager chose: the member’s 6-digit code, or a written reason', () => {
    expect(check({ by: 'code', otp: '', reason: 'ignored' })).toEqual({ otp: say.codeInvalid });
    expect(check({ by: 'code', otp: '12345', reason: '' })).toEqual({ otp: say.codeInvalid });
    expect(check({ by: 'code', otp: ' 123456 ', reason: '' })).toEqual({});
    expect(check({ by: 'reason', otp: '999', reason: '  ' })).toEqual({ reason: say.required });
    expect(check({ by: 'reason', otp: '', reason: 'x'.repeat(501) })).toEqual({ reason: say.tooLong });
    expect(check({ by: 'reason', otp: '', reason: 'Asked in writing at the branch' })).toEqual({});
  });

  it('sends the chosen confirmation only', () => {
    expect(eraseArgs('CUST-1', { by: 'code', otp: ' 123456 ', reason: 'left over' })).toEqual({ customer: 'CUST-1', otp: '123456' });
    expect(eraseArgs('CUST-1', { by: 'reason', otp: '123456', reason: ' Asked in writing ' })).toEqual({ customer: 'CUST-1', reason: 'Asked in writing' });
  });
});

describe('a new version of the privacy notice', () => {
  const say = { required: 'Required', tooLong: 'Too long' };
  const notice = {
    version: 2,
    published_at: '2026-11-01T03:00:00.000Z',
    title: { th: 'นโยบาย', en: 'Policy' },
    intro: { th: 'บทนำ', en: 'Intro' },
    sections: [{ title: { th: 'ข้อมูล', en: 'Data' }, body: { th: 'เนื้อหา', en: 'Text' } }],
  };

  it('starts from the current text, and a copy: editing the draft leaves the notice as it was', () => {
    const draft = draftFrom(notice);
    draft.sections[0]!.title.en = 'Changed';
    expect(notice.sections[0]!.title.en).toBe('Data');
    expect(draftFrom(undefined).sections).toHaveLength(1);
  });

  it('shows each refused field on its own nested box: a blank English title, a section body too long', () => {
    const draft = draftFrom(notice);
    draft.title.en = '  ';
    draft.sections[0]!.body.th = 'ก'.repeat(8001);
    expect(noticeCheck(say)(draft)).toEqual({ 'title.en': say.required, 'sections.0.body.th': say.tooLong });
    expect(noticeCheck(say)(draftFrom(notice))).toEqual({});
  });

  it('needs at least one section, and sends the text trimmed', () => {
    expect(noticeCheck(say)({ ...draftFrom(notice), sections: [] })).toEqual({ sections: say.required });
    const draft = draftFrom(notice);
    draft.intro.th = '  บทนำ  ';
    expect(noticeArgs(draft).intro).toEqual({ th: 'บทนำ', en: 'Intro' });
  });
});

describe('the access log’s filters', () => {
  it('become list_access_log’s arguments: only those set, the member as customer, the page as start', () => {
    expect(accessLogArgs({ user: '', member: '', what: '', from: '', to: '', page: 1 })).toEqual({ start: 0, limit: 20 });
    expect(accessLogArgs({ user: ' a@b.c ', member: 'CUST-9', what: 'export', from: '2026-11-01', to: '2026-11-28', page: 3 })).toEqual({
      user: 'a@b.c', customer: 'CUST-9', what: 'export', from_date: '2026-11-01', to_date: '2026-11-28', start: 40, limit: 20,
    });
    expect(accessLogArgs({ user: '', member: '', what: 'bogus', from: '', to: '', page: 1 })).toEqual({ start: 0, limit: 20 });
  });
});

describe('who handles privacy', () => {
  it('is the same roles in the route tree as in the contract the server enforces', () => {
    expect([...FRAME_PRIVACY_MANAGERS].sort()).toEqual([...PRIVACY_MANAGERS].sort());
  });
});
