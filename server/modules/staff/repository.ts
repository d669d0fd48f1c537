import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { readSetting } from '../settings/repository';
import { memberDevices, settings, users } from '../../db/schema/auth';
import { customers } from '../../db/schema/customers';
import { loyaltyPointEntries } from '../../db/schema/loyalty';
import { deliveryNotes, salesInvoiceItems, salesInvoices, staffActions } from '../../db/schema/orders';

export type DeviceRow = typeof memberDevices.$inferSelect;

export async function insertDevice(db: Executor, row: { id: string; user: string; secret: string }) {
  const [created] = await db.insert(memberDevices).values(row).returning();
  return created!;
}

/** Revokes the user's live member-code devices (`keep`: the one just registered, if any): their codes stop working. */
export async function revokeDevices(db: Executor, user: string, keep: string | null = null) {
  const live = and(eq(memberDevices.user, user), isNull(memberDevices.revoked_at));
  await db
    .update(memberDevices)
    .set({ revoked_at: sql`now()` })
    .where(keep ? and(live, sql`${memberDevices.id} <> ${keep}`) : live);
}

export async function deviceByCodeNo(db: Executor, codeNo: number) {
  const [row] = await db.select().from(memberDevices).where(eq(memberDevices.code_no, codeNo)).limit(1);
  return row ?? null;
}

export async function deviceOfUser(db: Executor, user: string, id: string) {
  const [row] = await db
    .select()
    .from(memberDevices)
    .where(and(eq(memberDevices.id, id), eq(memberDevices.user, user)))
    .limit(1);
  return row ?? null;
}

export async function lockDevice(tx: Executor, id: string) {
  const [row] = await tx.select().from(memberDevices).where(eq(memberDevices.id, id)).for('update');
  return row ?? null;
}

export async function markStepUsed(tx: Executor, id: string, step: number) {
  await tx.update(memberDevices).set({ last_used_step: step }).where(eq(memberDevices.id, id));
}

const memberUserColumns = {
  name: users.name,
  full_name: users.full_name,
  user_image: users.user_image,
  creation: users.creation,
  phone_verified: users.phone_verified,
};

export async function memberOfUser(db: Executor, user: string) {
  const [row] = await db
    .select({ customer: customers, user: memberUserColumns })
    .from(customers)
    .innerJoin(users, eq(users.name, customers.user))
    .where(eq(customers.user, user))
    .limit(1);
  return row ?? null;
}

export async function memberOfCustomer(db: Executor, customer: string) {
  const [row] = await db
    .select({ customer: customers, user: memberUserColumns })
    .from(customers)
    .innerJoin(users, eq(users.name, customers.user))
    .where(eq(customers.name, customer))
    .limit(1);
  return row ?? null;
}

/**
 * Points staff awarded on a posting day: to one member (the member's daily cap counts these) or by one staff
 * account (its own daily cap counts these).
 */
export async function staffAwardedOn(db: Executor, who: { customer: string } | { staffUser: string }, day: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${loyaltyPointEntries.loyalty_points}), 0)::int` })
    .from(loyaltyPointEntries)
    .where(
      and(
        'customer' in who ? eq(loyaltyPointEntries.customer, who.customer) : eq(loyaltyPointEntries.staff_user, who.staffUser),
        eq(loyaltyPointEntries.source, 'staff_award'),
        eq(loyaltyPointEntries.posting_date, day),
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * The staff account's own daily award cap, its user row locked for the rest of the transaction: one account's
 * awards to different members at the same moment are counted one after the other.
 */
export async function lockStaffCap(tx: Executor, user: string): Promise<number | null> {
  const [row] = await tx.select({ cap: users.daily_award_cap }).from(users).where(eq(users.name, user)).for('update');
  return row?.cap ?? null;
}

export async function receiptAward(db: Executor, branch: string, receiptNo: string) {
  const [row] = await db
    .select()
    .from(staffActions)
    .where(and(eq(staffActions.action, 'award_points'), eq(staffActions.branch, branch), eq(staffActions.target, receiptNo)))
    .limit(1);
  return row ?? null;
}

/** A secret kept in the settings table, created on first use (shared by every server instance). */
export async function settingSecret(db: Executor, key: string, make: () => string): Promise<string> {
  await db.insert(settings).values({ key, value: make() }).onConflictDoNothing();
  return String(await readSetting(db, key));
}

export async function recordAction(
  db: Executor,
  row: { staff_user: string; branch: string | null; action: string; target: string; detail?: Record<string, unknown> },
) {
  const [created] = await db
    .insert(staffActions)
    .values({ ...row, detail: JSON.stringify(row.detail ?? {}) })
    .returning();
  return created!;
}

export async function actionsOfBranch(db: Executor, branch: string | null, start: number, limit: number) {
  return db
    .select({
      id: staffActions.id,
      staff_user: staffActions.staff_user,
      staff_name: users.full_name,
      branch: staffActions.branch,
      action: staffActions.action,
      target: staffActions.target,
      detail: staffActions.detail,
      created_at: staffActions.created_at,
    })
    .from(staffActions)
    .leftJoin(users, eq(users.name, staffActions.staff_user))
    .where(branch === null ? undefined : eq(staffActions.branch, branch))
    .orderBy(desc(staffActions.created_at), desc(staffActions.id))
    .offset(start)
    .limit(limit);
}

/** A reward order by its till code (contracts/reward-code.ts, already normalised); never by its name. */
export async function rewardInvoiceByCode(db: Executor, code: string) {
  const [inv] = await db
    .select()
    .from(salesInvoices)
    .where(and(eq(salesInvoices.reward_code, code), eq(salesInvoices.order_type, 'redemption')))
    .limit(1);
  return inv ?? null;
}

export async function invoiceLines(db: Executor, invoice: string) {
  return db.select().from(salesInvoiceItems).where(eq(salesInvoiceItems.parent, invoice)).orderBy(salesInvoiceItems.id);
}

export async function notesOf(db: Executor, invoice: string, lock = false) {
  const q = db
    .select({
      name: deliveryNotes.name,
      status: deliveryNotes.status,
      branch: deliveryNotes.branch,
      submitted_by: deliveryNotes.submitted_by,
      submitted_at: deliveryNotes.submitted_at,
    })
    .from(deliveryNotes)
    .where(eq(deliveryNotes.sales_invoice, invoice))
    .orderBy(deliveryNotes.name);
  return lock ? q.for('update') : q;
}

/** Draft → Submitted for the given notes still in Draft; returns the ones this call changed. */
export async function submitNotes(tx: Executor, names: string[], by: string) {
  if (!names.length) return [];
  return tx
    .update(deliveryNotes)
    .set({ status: 'Submitted', submitted_by: by, submitted_at: sql`now()`, modified: sql`now()` })
    .where(and(inArray(deliveryNotes.name, names), eq(deliveryNotes.status, 'Draft')))
    .returning({ name: deliveryNotes.name, submitted_at: deliveryNotes.submitted_at });
}

export async function userNames(db: Executor, names: string[]) {
  if (!names.length) return new Map<string, string>();
  const rows = await db.select({ name: users.name, full_name: users.full_name }).from(users).where(inArray(users.name, names));
  return new Map(rows.map((r) => [r.name, r.full_name]));
}

/**
 * Whether an address is already an account's: its name, or its verified e-mail (case-insensitively). An address
 * someone merely typed into a profile or a sign-up is not.
 */
export async function addressInUse(db: Executor, email: string) {
  const login = email.toLowerCase();
  const [row] = await db
    .select({ name: users.name })
    .from(users)
    .where(sql`lower(${users.name}) = ${login} or (${users.email_verified} and lower(${users.email}) = ${login})`)
    .limit(1);
  return Boolean(row);
}

/** A Store Staff account by name (null for anyone else). */
export async function staffUser(db: Executor, name: string) {
  const [row] = await db.select().from(users).where(and(eq(users.name, name), sql`'Store Staff' = any(${users.roles})`)).limit(1);
  return row ?? null;
}

export async function setEnabled(db: Executor, name: string, enabled: boolean) {
  await db.update(users).set({ enabled, modified: sql`now()` }).where(eq(users.name, name));
}
