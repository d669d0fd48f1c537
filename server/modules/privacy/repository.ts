import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { users } from '../../db/schema/auth';
import { loyaltyPointEntries } from '../../db/schema/loyalty';
import { deliveryNotes } from '../../db/schema/orders';
import { personalDataAccess, privacyConsents, privacyNotices, privacyRequests } from '../../db/schema/privacy';
import type { ConsentPurpose, ConsentSource, PrivacyRequestKind } from '../../../contracts/privacy';

export type NoticeRow = typeof privacyNotices.$inferSelect;
export type ConsentRow = typeof privacyConsents.$inferSelect;
export type RequestRow = typeof privacyRequests.$inferSelect;

// ------------------------------------------------------------------------------------------------- notices

export async function latestNotice(db: Executor): Promise<NoticeRow | undefined> {
  const [row] = await db.select().from(privacyNotices).orderBy(desc(privacyNotices.version)).limit(1);
  return row;
}

export async function noticeByVersion(db: Executor, version: number): Promise<NoticeRow | undefined> {
  const [row] = await db.select().from(privacyNotices).where(eq(privacyNotices.version, version)).limit(1);
  return row;
}

/** The next version, written under a transaction lock so two managers publishing at once get 2 and 3. */
export async function insertNextNotice(tx: Executor, values: Omit<typeof privacyNotices.$inferInsert, 'version'>): Promise<NoticeRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('privacy.notice_version'))`);
  const [row] = await tx
    .insert(privacyNotices)
    .values({ ...values, version: sql`(select coalesce(max(${privacyNotices.version}), 0) + 1 from ${privacyNotices})` })
    .returning();
  return row!;
}

/** Every version, newest first, with how many members' latest privacy-notice consent grants that version. */
export async function noticesWithAgreement(db: Executor) {
  const latest = db
    .selectDistinctOn([privacyConsents.customer], { version: privacyConsents.version, granted: privacyConsents.granted })
    .from(privacyConsents)
    .where(eq(privacyConsents.purpose, 'privacy_notice'))
    .orderBy(privacyConsents.customer, desc(privacyConsents.id))
    .as('latest');
  const [notices, agreed] = await Promise.all([
    db.select().from(privacyNotices).orderBy(desc(privacyNotices.version)),
    db.select({ version: latest.version, n: sql<number>`count(*)::int` }).from(latest).where(eq(latest.granted, true)).groupBy(latest.version),
  ]);
  const by = new Map(agreed.map((a) => [a.version, Number(a.n)]));
  return notices.map((notice) => ({ notice, members_agreed: by.get(notice.version) ?? 0 }));
}

// ------------------------------------------------------------------------------------------------- consents

export async function insertConsent(
  db: Executor,
  row: { customer: string; purpose: ConsentPurpose; granted: boolean; version: number | null; source: ConsentSource; recordedBy: string },
) {
  await db.insert(privacyConsents).values({
    customer: row.customer,
    purpose: row.purpose,
    granted: row.granted,
    version: row.version,
    source: row.source,
    recorded_by: row.recordedBy,
  });
}

/** The member's latest consent of each purpose. */
export async function latestConsents(db: Executor, customer: string): Promise<ConsentRow[]> {
  return db
    .selectDistinctOn([privacyConsents.purpose])
    .from(privacyConsents)
    .where(eq(privacyConsents.customer, customer))
    .orderBy(privacyConsents.purpose, desc(privacyConsents.id));
}

export async function consentHistory(db: Executor, customer: string): Promise<ConsentRow[]> {
  return db.select().from(privacyConsents).where(eq(privacyConsents.customer, customer)).orderBy(asc(privacyConsents.id));
}

/**
 * Whether the member (`customer`, the outer query's column) has marketing consent: their latest marketing row
 * grants it. Never asked is no (opt-in).
 */
export const hasMarketingConsent = (customer: SQL | typeof customers.name) =>
  sql`coalesce((select ${privacyConsents.granted} from ${privacyConsents} where ${privacyConsents.customer} = ${customer} and ${privacyConsents.purpose} = 'marketing' order by ${privacyConsents.id} desc limit 1), false)`;

// ------------------------------------------------------------------------------------------------- requests

export async function insertRequest(
  db: Executor,
  row: { customer: string; kind: PrivacyRequestKind; channel: 'app' | 'back_office'; dueDate: string; completedBy?: string | null },
): Promise<RequestRow> {
  const done = row.completedBy !== undefined && row.completedBy !== null;
  const [written] = await db
    .insert(privacyRequests)
    .values({
      customer: row.customer,
      kind: row.kind,
      channel: row.channel,
      due_date: row.dueDate,
      status: done ? 'completed' : 'open',
      completed_at: done ? sql`now()` : null,
      completed_by: done ? row.completedBy : null,
    })
    .returning();
  return written!;
}

export async function openRequest(db: Executor, customer: string, kind: PrivacyRequestKind): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(privacyRequests)
    .where(and(eq(privacyRequests.customer, customer), eq(privacyRequests.kind, kind), eq(privacyRequests.status, 'open')))
    .orderBy(asc(privacyRequests.id))
    .limit(1);
  return row;
}

export async function completeOpenRequests(tx: Executor, customer: string, kind: PrivacyRequestKind, by: string) {
  await tx
    .update(privacyRequests)
    .set({ status: 'completed', completed_at: sql`now()`, completed_by: by })
    .where(and(eq(privacyRequests.customer, customer), eq(privacyRequests.kind, kind), eq(privacyRequests.status, 'open')));
}

export async function requestsOf(db: Executor, customer: string): Promise<RequestRow[]> {
  return db.select().from(privacyRequests).where(eq(privacyRequests.customer, customer)).orderBy(asc(privacyRequests.id));
}

/** Requests with the member's current name (null once erased): open ones by deadline, then completed ones newest first. */
export async function requestsPage(db: Executor, f: { kind?: PrivacyRequestKind; status?: 'open' | 'completed' }, start: number, limit: number) {
  const where = and(f.kind ? eq(privacyRequests.kind, f.kind) : undefined, f.status ? eq(privacyRequests.status, f.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        request: privacyRequests,
        member_name: sql<string | null>`case when ${customers.erased_at} is null then ${customers.customer_name} end`,
      })
      .from(privacyRequests)
      .leftJoin(customers, eq(customers.name, privacyRequests.customer))
      .where(where)
      .orderBy(sql`case when ${privacyRequests.status} = 'open' then 0 else 1 end`, sql`case when ${privacyRequests.status} = 'open' then ${privacyRequests.due_date} end asc`, desc(privacyRequests.id))
      .offset(start)
      .limit(limit),
    db.select({ n: count() }).from(privacyRequests).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

// ------------------------------------------------------------------------------------------------- access log

export async function insertAccess(
  db: Executor,
  rows: { user: string; role: string; branch: string | null; customer: string; what: 'member_page' | 'search' | 'export'; ip: string | null }[],
) {
  if (rows.length) await db.insert(personalDataAccess).values(rows);
}

export interface AccessFilter {
  user?: string | null;
  customer?: string | null;
  branch?: string | null;
  what?: string;
  from?: string;
  /** The first instant after the range. */
  before?: string;
}

export async function accessPage(db: Executor, f: AccessFilter, start: number, limit: number) {
  const where = and(
    f.user ? eq(personalDataAccess.user, f.user) : undefined,
    f.customer ? eq(personalDataAccess.customer, f.customer) : undefined,
    f.branch ? eq(personalDataAccess.branch, f.branch) : undefined,
    f.what ? eq(personalDataAccess.what, f.what) : undefined,
    f.from ? gte(personalDataAccess.created_at, new Date(f.from)) : undefined,
    f.before ? lt(personalDataAccess.created_at, new Date(f.before)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(personalDataAccess).where(where).orderBy(desc(personalDataAccess.created_at), desc(personalDataAccess.id)).offset(start).limit(limit),
    db.select({ n: count() }).from(personalDataAccess).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

// ------------------------------------------------------------------------------------------------- members

/**
 * Whether the member (`customer`, the outer query's column) was active at `branch`: earned or redeemed points there,
 * or collected a reward there. What lets a Branch Manager see the member's personal data.
 */
export const activeAtBranch = (customer: SQL | typeof customers.name, branch: string) =>
  sql`(exists (select 1 from ${loyaltyPointEntries} where ${loyaltyPointEntries.customer} = ${customer} and ${loyaltyPointEntries.branch} = ${branch} and ${loyaltyPointEntries.entry_type} in ('earn', 'redeem'))
    or exists (select 1 from ${deliveryNotes} where ${deliveryNotes.customer} = ${customer} and ${deliveryNotes.branch} = ${branch} and ${deliveryNotes.status} = 'Submitted'))`;

export async function isActiveAtBranch(db: Executor, customer: string, branch: string): Promise<boolean> {
  const [row] = await db.select({ yes: sql<boolean>`${activeAtBranch(sql`${customer}`, branch)}` }).from(sql`(select 1) as one`);
  return Boolean(row?.yes);
}

export async function memberByCustomer(db: Executor, customer: string, lock = false) {
  const q = db.select({ customer: customers, user: users }).from(customers).innerJoin(users, eq(users.name, customers.user)).where(eq(customers.name, customer)).limit(1);
  const [row] = lock ? await q.for('update', { of: customers }) : await q;
  return row;
}
