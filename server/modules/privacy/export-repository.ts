import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberDevices, sessions } from '../../db/schema/auth';
import { addresses } from '../../db/schema/addresses';
import { loyaltyPointEntries as E } from '../../db/schema/loyalty';
import { deliveryNotes, orderRefunds, salesInvoiceItems, salesInvoices } from '../../db/schema/orders';
import { notificationEvents, notificationSettings, pushSubscriptions } from '../../db/schema/notifications';

/** Everything of one member that a copy of their data holds, each read scoped to them alone. */
export async function memberData(db: Executor, customer: string, user: string) {
  const [addressRows, ledger, invoices, refunds, settings, push, devices, events, sessionRows] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.customer, customer)).orderBy(asc(addresses.creation)),
    db.select().from(E).where(eq(E.customer, customer)).orderBy(asc(E.posting_date), asc(E.created_at), asc(E.name)),
    db.select().from(salesInvoices).where(eq(salesInvoices.customer, customer)).orderBy(asc(salesInvoices.creation), asc(salesInvoices.name)),
    db.select().from(orderRefunds).where(eq(orderRefunds.customer, customer)).orderBy(asc(orderRefunds.creation)),
    db.select().from(notificationSettings).where(eq(notificationSettings.user, user)).limit(1),
    db
      .select({ created_at: pushSubscriptions.created_at, user_agent: pushSubscriptions.user_agent, last_sent_at: pushSubscriptions.last_sent_at })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.user, user))
      .orderBy(asc(pushSubscriptions.id)),
    db
      .select({ member_no: memberDevices.code_no, created_at: memberDevices.created_at, revoked_at: memberDevices.revoked_at })
      .from(memberDevices)
      .where(eq(memberDevices.user, user))
      .orderBy(asc(memberDevices.created_at)),
    db
      .select({ kind: notificationEvents.kind, payload: notificationEvents.payload, created_at: notificationEvents.created_at })
      .from(notificationEvents)
      .where(eq(notificationEvents.user, user))
      .orderBy(asc(notificationEvents.id)),
    db
      .select({ device: sessions.device, created_at: sessions.created_at, expires_at: sessions.expires_at })
      .from(sessions)
      .where(eq(sessions.user, user))
      .orderBy(asc(sessions.created_at)),
  ]);
  const names = invoices.map((i) => i.name);
  const [items, notes] = names.length
    ? await Promise.all([
        db.select().from(salesInvoiceItems).where(inArray(salesInvoiceItems.parent, names)).orderBy(asc(salesInvoiceItems.id)),
        db.select().from(deliveryNotes).where(inArray(deliveryNotes.sales_invoice, names)).orderBy(asc(deliveryNotes.creation)),
      ])
    : [[], []];
  return { addressRows, ledger, invoices, items, notes, refunds, settings: settings[0] ?? null, push, devices, events, sessionRows };
}
