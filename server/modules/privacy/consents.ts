import type { Executor } from '../../db/client';
import type { RequestContext } from '../../frappe/context';
import { FrappeError, notFound, validationError } from '../../frappe/errors';
import { audit } from '../audit/service';
import { customerOfUser } from '../account/repository';
import type { ConsentSource, Consents, PrivacyNotice } from '../../../contracts/privacy';
import type * as v from 'valibot';
import type { PublishNoticeArgs } from '../../../contracts/privacy';
import { insertConsent, insertNextNotice, latestConsents, latestNotice, memberByCustomer, noticeByVersion, noticesWithAgreement, type NoticeRow } from './repository';

type Bilingual = { th: string; en: string };

export const noticeOf = (row: NoticeRow): PrivacyNotice => ({
  version: row.version,
  published_at: row.published_at.toISOString(),
  title: row.title as Bilingual,
  intro: row.intro as Bilingual,
  sections: row.sections as PrivacyNotice['sections'],
});

const unknownVersion = () => validationError('This version of the privacy notice does not exist', 'privacy_version_unknown');

/** The current notice (the highest version; migration 0016 writes the first). */
export async function currentNotice(db: Executor): Promise<NoticeRow> {
  const row = await latestNotice(db);
  if (!row) throw notFound('No privacy notice has been published');
  return row;
}

/** member_rewards.privacy.get_notice */
export async function getNotice(db: Executor, version?: number): Promise<PrivacyNotice> {
  if (version === undefined) return noticeOf(await currentNotice(db));
  const row = await noticeByVersion(db, version);
  if (!row) throw unknownVersion();
  return noticeOf(row);
}

/** The version a sign-in records: the one the app showed, which must exist; none sent: the current one. */
export async function versionToRecord(db: Executor, asked: number | undefined): Promise<number> {
  if (asked === undefined) return (await currentNotice(db)).version;
  if (!(await noticeByVersion(db, asked))) throw unknownVersion();
  return asked;
}

/** member_rewards.privacy.publish_notice: the next version, dated now, in one transaction with its audit row. */
export async function publishNotice(ctx: RequestContext, args: v.InferOutput<typeof PublishNoticeArgs>): Promise<PrivacyNotice> {
  return ctx.db.transaction(async (tx) => {
    const row = await insertNextNotice(tx, { title: args.title, intro: args.intro, sections: args.sections, published_by: ctx.user.name });
    await audit(ctx, tx, { action: 'publish', doctype: 'Privacy Notice', name: String(row.version), before: {}, after: { version: row.version, title: args.title }, branch: null });
    return noticeOf(row);
  });
}

/** member_rewards.privacy.list_notices */
export async function listNotices(db: Executor) {
  const rows = await noticesWithAgreement(db);
  return {
    rows: rows.map(({ notice, members_agreed }) => ({
      version: notice.version,
      published_at: notice.published_at.toISOString(),
      published_by: notice.published_by,
      title: notice.title as Bilingual,
      members_agreed: Number(members_agreed),
    })),
  };
}

/** A member's consents as get_consents answers them. */
export async function consentsOf(db: Executor, customer: string | null): Promise<Consents> {
  const [notice, latest] = await Promise.all([currentNotice(db), customer ? latestConsents(db, customer) : Promise.resolve([])]);
  const of = (purpose: string) => latest.find((r) => r.purpose === purpose);
  const privacy = of('privacy_notice');
  const marketing = of('marketing');
  return {
    current_notice_version: notice.version,
    consents: {
      privacy_notice: privacy ? { granted: privacy.granted ? 1 : 0, version: privacy.version, at: privacy.created_at.toISOString() } : null,
      marketing: marketing ? { granted: marketing.granted ? 1 : 0, at: marketing.created_at.toISOString() } : null,
    },
  };
}

/** An account with no member record (a System Manager passes every role check): nothing to answer for. */
const notAMember = () => new FrappeError('DoesNotExistError', 'This account has no member record', { code: 'member_not_found', title: 'Not Found' });

async function ownCustomer(ctx: RequestContext) {
  const customer = await customerOfUser(ctx.db, ctx.user.name);
  if (!customer) throw notAMember();
  return customer.name;
}

/** member_rewards.privacy.get_consents */
export async function getConsents(ctx: RequestContext): Promise<Consents> {
  return consentsOf(ctx.db, await ownCustomer(ctx));
}

/**
 * Records a consent unless the member's latest of the purpose already says the same (granted, and for the notice
 * the same version): signing in again is not a new consent.
 */
export async function recordConsent(
  db: Executor,
  input: { customer: string; purpose: 'privacy_notice' | 'marketing'; granted: boolean; version: number | null; source: ConsentSource; recordedBy: string },
) {
  const latest = (await latestConsents(db, input.customer)).find((r) => r.purpose === input.purpose);
  if (latest && latest.granted === input.granted && (input.purpose === 'marketing' || latest.version === input.version)) return false;
  await insertConsent(db, input);
  return true;
}

type ConsentArgs = { purpose: 'privacy_notice' | 'marketing'; granted: 0 | 1; version?: number };

/** The notice version a consent names: required when granting the notice, and one that was published. */
async function versionOf(db: Executor, args: ConsentArgs): Promise<number | null> {
  if (args.purpose !== 'privacy_notice') return null;
  if (args.granted === 1 && args.version === undefined) throw validationError('Say which version of the privacy notice you agree to', 'privacy_version_required');
  return args.version === undefined ? null : versionToRecord(db, args.version);
}

/** member_rewards.privacy.set_consent */
export async function setConsent(ctx: RequestContext, args: ConsentArgs): Promise<Consents> {
  const customer = await ownCustomer(ctx);
  const version = await versionOf(ctx.db, args);
  await recordConsent(ctx.db, { customer, purpose: args.purpose, granted: args.granted === 1, version, source: 'settings', recordedBy: ctx.user.name });
  return consentsOf(ctx.db, customer);
}

/** member_rewards.privacy.get_member_consents: what the member agreed to, for the managers who handle privacy. */
export async function getMemberConsents(ctx: RequestContext, customer: string): Promise<Consents> {
  const member = await memberByCustomer(ctx.db, customer);
  if (!member) throw new FrappeError('DoesNotExistError', `Member ${customer.slice(0, 80)} not found`, { code: 'member_not_found', title: 'Not Found' });
  return consentsOf(ctx.db, member.customer.name);
}

/** member_rewards.privacy.set_member_consent: on the member's behalf, in one transaction with its audit row. */
export async function setMemberConsent(ctx: RequestContext, args: ConsentArgs & { customer: string }): Promise<Consents> {
  const member = await memberByCustomer(ctx.db, args.customer);
  if (!member) throw new FrappeError('DoesNotExistError', `Member ${args.customer.slice(0, 80)} not found`, { code: 'member_not_found', title: 'Not Found' });
  if (member.customer.erased_at) throw validationError("This member's personal data has been erased", 'member_erased');
  const version = await versionOf(ctx.db, args);
  await ctx.db.transaction(async (tx) => {
    const recorded = await recordConsent(tx, { customer: member.customer.name, purpose: args.purpose, granted: args.granted === 1, version, source: 'back_office', recordedBy: ctx.user.name });
    if (recorded) {
      await audit(ctx, tx, { action: 'update', doctype: 'Personal Data', name: member.customer.name, before: {}, after: { purpose: args.purpose, granted: args.granted === 1, version }, branch: null });
    }
  });
  return consentsOf(ctx.db, member.customer.name);
}

/**
 * A sign-in (LINE Login or LIFF) records the privacy-notice consent with the version the app showed in its modal
 * (`privacy_version`; without it, the current one). Accounts with no customer (staff) have none to record.
 */
export async function recordSignInConsent(db: Executor, user: { name: string }, version: number, source: 'sign_in' | 'liff') {
  const customer = await customerOfUser(db, user.name);
  if (!customer) return;
  await recordConsent(db, { customer: customer.name, purpose: 'privacy_notice', granted: true, version, source, recordedBy: user.name });
}
