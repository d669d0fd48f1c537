import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiKeys, idempotencyKeys, mailOutbox, memberDevices, otpCodes, passwordResets, rateLimits, sessions, smsOutbox, users } from '../../db/schema/auth';
import { customers } from '../../db/schema/customers';
import { addresses } from '../../db/schema/addresses';
import { loyaltyPointEntries as E } from '../../db/schema/loyalty';
import { deliveryNotes, orderRefunds, salesInvoices, staffActions } from '../../db/schema/orders';
import { lineOutbox, notificationEvents, notificationSettings, pushSubscriptions } from '../../db/schema/notifications';
import { auditLog } from '../../db/schema/audit';
import { jobs } from '../../db/schema/jobs';

/** The member's reward orders still waiting to be collected (nothing of them handed over), oldest first. */
export async function uncollectedRewards(db: Executor, customer: string) {
  return db
    .select({ name: salesInvoices.name, due_date: salesInvoices.due_date, loyalty_points: salesInvoices.loyalty_points })
    .from(salesInvoices)
    .where(
      and(
        eq(salesInvoices.customer, customer),
        eq(salesInvoices.order_type, 'redemption'),
        ne(salesInvoices.status, 'Cancelled'),
        sql`exists (select 1 from ${deliveryNotes} where ${deliveryNotes.sales_invoice} = ${salesInvoices.name} and ${deliveryNotes.status} = 'Draft')`,
        sql`not exists (select 1 from ${deliveryNotes} where ${deliveryNotes.sales_invoice} = ${salesInvoices.name} and ${deliveryNotes.status} = 'Submitted')`,
      ),
    )
    .orderBy(salesInvoices.creation);
}

/** The member's address lines and names as typed (what erasure must find and remove wherever it was copied). */
export async function addressValues(db: Executor, customer: string) {
  return db
    .select({
      first_name: addresses.first_name,
      last_name: addresses.last_name,
      address_title: addresses.address_title,
      address_line1: addresses.address_line1,
      address_line2: addresses.address_line2,
      phone: addresses.phone,
    })
    .from(addresses)
    .where(eq(addresses.customer, customer));
}

/**
 * Removes everything that exists only for the account: its sessions, API tokens, member-code devices, push
 * subscriptions, notifications and their deliveries, notification settings, password-reset keys, one-time codes,
 * idempotency records (which keep answers, profiles included) and the development outboxes' messages to it.
 */
export async function dropAccountData(tx: Executor, m: { user: string; phone: string | null; email: string | null; lineSub: string | null }) {
  await tx.delete(sessions).where(eq(sessions.user, m.user));
  await tx.delete(apiKeys).where(eq(apiKeys.user, m.user));
  await tx.delete(memberDevices).where(eq(memberDevices.user, m.user));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.user, m.user));
  await tx.delete(notificationEvents).where(eq(notificationEvents.user, m.user));
  await tx.delete(notificationSettings).where(eq(notificationSettings.user, m.user));
  await tx.delete(passwordResets).where(eq(passwordResets.user, m.user));
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.principal, m.user));
  await tx.delete(otpCodes).where(m.phone ? or(eq(otpCodes.user, m.user), eq(otpCodes.phone, m.phone)) : eq(otpCodes.user, m.user));
  if (m.phone) await tx.delete(smsOutbox).where(eq(smsOutbox.phone, m.phone));
  if (m.email) await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = lower(${m.email})`);
  if (m.lineSub) await tx.delete(lineOutbox).where(eq(lineOutbox.to, m.lineSub));
}

/** Rate-limit counters whose key names the member (`email-change:user:<name>`, `otp:send:phone:<phone>`...). */
export async function dropCountersNaming(tx: Executor, values: string[]) {
  if (!values.length) return;
  await tx.delete(rateLimits).where(or(...values.map((value) => sql`strpos(${rateLimits.key}, ${value}) > 0`)));
}

/**
 * The member's free text on records the brand keeps: ledger notes and member lines, the address printed on orders,
 * cancellation notes and refund reasons (which may name them), the addresses themselves.
 */
export async function eraseFreeText(tx: Executor, customer: string) {
  await tx.update(E).set({ note: null, member_text: null }).where(eq(E.customer, customer));
  await tx.update(salesInvoices).set({ address_display: null, cancel_note: null }).where(eq(salesInvoices.customer, customer));
  await tx.update(orderRefunds).set({ reason: '' }).where(eq(orderRefunds.customer, customer));
  await tx.delete(addresses).where(eq(addresses.customer, customer));
}

/**
 * Replaces each value inside text that copied it (the till's log of who was scanned, the audit log's before and
 * after, queued jobs' payloads) with `[erased]`. The audit log allows this only inside a transaction that declared
 * an erasure (migration 0016): its rows stay, their personal values do not.
 */
export async function scrubCopies(tx: Executor, values: string[]) {
  if (!values.length) return;
  await tx.execute(sql`select set_config('member_rewards.erasure', 'on', true)`);
  // JSON keeps a string's quotes and backslashes escaped: look for a value as it is written inside a JSON document.
  const inJson = values.map((value) => JSON.stringify(value).slice(1, -1));
  const replaced = (column: ReturnType<typeof sql>, list: string[]) => list.reduce((acc, value) => sql`replace(${acc}, ${value}, '[erased]')`, column);
  const contains = (column: ReturnType<typeof sql>, list: string[]) => or(...list.map((value) => sql`strpos(${column}, ${value}) > 0`));
  await tx
    .update(staffActions)
    .set({ detail: replaced(sql`${staffActions.detail}`, inJson) })
    .where(contains(sql`${staffActions.detail}`, inJson));
  for (const column of ['before', 'after'] as const) {
    const text = sql`${auditLog[column]}::text`;
    await tx.update(auditLog).set({ [column]: sql`(${replaced(text, inJson)})::jsonb` }).where(contains(text, inJson));
  }
  const payload = sql`${jobs.payload}::text`;
  await tx.update(jobs).set({ payload: sql`(${replaced(payload, inJson)})::jsonb` }).where(contains(payload, inJson));
}

/**
 * Every text column of every table that holds exactly `from` (a user name: owners, who cancelled, who recorded...)
 * is set to `to`, so records kept for the accounts name the pseudonymous account instead.
 */
export async function renameEverywhere(tx: Executor, from: string, to: string) {
  await tx.execute(sql`select set_config('member_rewards.erasure', 'on', true)`);
  const result = await tx.execute(sql`
    select c.table_name as table_name, c.column_name as column_name
    from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.data_type = 'text' and not (c.table_name = 'users' and c.column_name = 'name')
    order by c.table_name, c.column_name`);
  const rows = (result as unknown as { rows: { table_name: string; column_name: string }[] }).rows;
  for (const { table_name, column_name } of rows) {
    await tx.execute(sql`update ${sql.identifier(table_name)} set ${sql.identifier(column_name)} = ${to} where ${sql.identifier(column_name)} = ${from}`);
  }
}

/** The pseudonymous account the member's kept records point to: no name, no contact, no roles, never signs in. */
export async function insertPseudonymousUser(tx: Executor, name: string) {
  await tx.insert(users).values({ name, email: null, full_name: '', first_name: '', last_name: '', roles: [], enabled: false, owner: 'Administrator' });
}

export async function deleteUser(tx: Executor, name: string) {
  await tx.delete(users).where(eq(users.name, name));
}

export async function markErased(tx: Executor, customer: string) {
  await tx
    .update(customers)
    .set({ customer_name: customer, blocked: true, blocked_reason: null, blocked_at: sql`now()`, blocked_by: null, erased_at: sql`now()`, modified: sql`now()` })
    .where(eq(customers.name, customer));
}
