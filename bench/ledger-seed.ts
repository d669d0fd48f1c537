// A programme's ledger at a real size, written in bulk in SQL (generate_series: a million rows in about a minute on
// PostgreSQL), shared by the dashboard and scale benches.
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { today } from '../contracts/business-day';

/**
 * A programme's two years, written in bulk in SQL: half the rows are batches (till awards at two branches, points
 * valid 365 days), nearly a quarter spend half of a batch on a reward order (those not due until after today are not
 * placed), and every batch that has ended has its expire row for what was left (as the daily job leaves it). The
 * expiry job's mark is set to today, as a running installation has it.
 */
export async function seedLedger(db: Db, { rows: ROWS, members: MEMBERS, days: DAYS }: { rows: number; members: number; days: number }) {
  const batches = Math.round(ROWS / 2);
  const spends = Math.round(ROWS / 4);
  const t = today();
  // Numbers as wide as the largest (lpad cuts a longer one short: a millionth member would take the first's name).
  const width = Math.max(6, String(MEMBERS).length);
  await db.execute(sql`insert into users (name, email, full_name, roles) select 'bench' || g || '@example.com', 'bench' || g || '@example.com', 'Bench ' || g, '{Member}' from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`insert into customers (name, customer_name, "user", loyalty_program, loyalty_program_tier, creation)
    select 'CUST-B' || lpad(g::text, ${width}, '0'), 'Bench ' || g, 'bench' || g || '@example.com', 'Member Rewards',
      (array['Silver', 'Silver', 'Gold', 'Platinum'])[1 + g % 4], ${`${t} 00:00:00`}::timestamp - (g % ${DAYS}) * interval '1 day'
    from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`insert into loyalty_point_entries (name, customer, loyalty_program, loyalty_points, posting_date, expiry_date, entry_type, source, branch)
    select 'LPE-B' || g, 'CUST-B' || lpad((1 + g % ${MEMBERS})::text, ${width}, '0'), 'Member Rewards', 2 + g % 80,
      ${t}::date - ((g::bigint * 7919) % ${DAYS})::int, ${t}::date - ((g::bigint * 7919) % ${DAYS})::int + 365, 'earn', 'staff_award',
      (array['สาขาสยาม', 'สาขาเชียงใหม่'])[1 + g % 2]
    from generate_series(1, ${batches}) g`);
  // Each order 0-20 days after its batch; one that would fall after today is not placed yet, so today has a day's
  // orders like any other. (An offset of g % 20 kept the batch day's parity, placing orders on every other day only,
  // and one clamped to today put nearly 20 days' late orders on today: 5.6 times a day's.)
  await db.execute(sql`insert into sales_invoices (name, customer, order_type, posting_date, due_date, status, loyalty_points, payment_method, branch)
    select 'SINV-B' || g, b.customer, 'redemption', b.posting_date + (g::bigint * 31 % 21)::int, b.posting_date + (g::bigint * 31 % 21)::int + 30, 'Paid',
      b.loyalty_points / 2, 'points', b.branch
    from generate_series(1, ${spends}) g join loyalty_point_entries b on b.name = 'LPE-B' || g
    where b.posting_date + (g::bigint * 31 % 21)::int <= ${t}::date`);
  await db.execute(sql`insert into sales_invoice_items (parent, item_code, item_name, qty, rate, amount, loyalty_points)
    select 'SINV-B' || g, (array['GIFT-TOTE', 'GIFT-TUMBLER', 'GC-DISCOUNT-50', 'GIFT-KEYCHAIN', 'GIFT-CAP'])[1 + g % 5], 'Reward', 1, 0, 0, loyalty_points
    from generate_series(1, ${spends}) g join sales_invoices on name = 'SINV-B' || g`);
  await db.execute(sql`insert into loyalty_point_entries (name, customer, loyalty_program, loyalty_points, posting_date, expiry_date, redeem_against, invoice, invoice_type, entry_type, source, branch)
    select 'LPE-R' || g, b.customer, 'Member Rewards', -(b.loyalty_points / 2), i.posting_date, b.expiry_date, b.name, i.name, 'Sales Invoice', 'redeem', 'redemption', b.branch
    from generate_series(1, ${spends}) g join loyalty_point_entries b on b.name = 'LPE-B' || g join sales_invoices i on i.name = 'SINV-B' || g`);
  await db.execute(sql`insert into loyalty_point_entries (name, customer, loyalty_program, loyalty_points, posting_date, expiry_date, redeem_against, entry_type, source, branch, event_key)
    select 'LPE-E' || b.name, b.customer, 'Member Rewards', -(b.loyalty_points + coalesce(r.loyalty_points, 0)), b.expiry_date + 1, b.expiry_date, b.name, 'expire', 'expiry', b.branch, 'expire:' || b.name
    from loyalty_point_entries b left join loyalty_point_entries r on r.redeem_against = b.name
    where b.name like 'LPE-B%' and b.expiry_date < ${t}::date and b.loyalty_points + coalesce(r.loyalty_points, 0) > 0`);
  await db.execute(sql`insert into settings (key, value) values ('job:expire_points:through', to_jsonb(${t}::text)) on conflict (key) do update set value = excluded.value`);
  await db.execute(sql`analyze`);
}

