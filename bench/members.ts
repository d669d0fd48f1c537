// Members for the PostgreSQL benches, written in bulk in SQL (no password hashing or sign-in per member, which would
// dominate a run and meet the sign-in rate limit): a user with a verified phone, a customer in the demo programme,
// one batch of points and a live session, as a sign-in would leave them. Answers the cookie and CSRF token of each.
import { randomToken, sha256 } from '../server/frappe/crypto';
import { today } from '../contracts/business-day';

export interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface SignedInMember {
  name: string;
  customer: string;
  cookie: string;
  csrf: string;
}

/** `count` members named `${prefix}${i}`, each holding `points` (an adjustment valid a year) and signed in. */
export async function signedInMembers(db: Queryable, prefix: string, count: number, points: number): Promise<SignedInMember[]> {
  const members = Array.from({ length: count }, (_, i) => {
    const name = `${prefix}${i}@example.com`;
    return { name, customer: `CUST-${prefix}-${i}`, sid: randomToken(32), csrf: randomToken(24) };
  });
  const names = members.map((m) => m.name);
  const customers = members.map((m) => m.customer);
  const day = today();
  await db.query(
    `insert into users (name, email, full_name, first_name, roles, phone_verified) select n, n, n, n, '{Member}', true from unnest($1::text[]) n`,
    [names],
  );
  await db.query(
    `insert into customers (name, customer_name, "user", loyalty_program) select c, n, n, 'Member Rewards' from unnest($1::text[], $2::text[]) as t(c, n)`,
    [customers, names],
  );
  if (points > 0) {
    await db.query(
      `insert into loyalty_point_entries (name, customer, loyalty_program, loyalty_points, posting_date, expiry_date, entry_type, source)
       select 'LPE-' || c, c, 'Member Rewards', $2, $3::date, $3::date + 365, 'adjust', 'adjustment' from unnest($1::text[]) c`,
      [customers, points, day],
    );
  }
  await db.query(
    `insert into sessions (sid_hash, "user", csrf_token, expires_at) select h, n, t, now() + interval '1 day' from unnest($1::text[], $2::text[], $3::text[]) as s(h, n, t)`,
    [members.map((m) => sha256(m.sid)), names, members.map((m) => m.csrf)],
  );
  return members.map((m) => ({ name: m.name, customer: m.customer, cookie: `sid=${m.sid}`, csrf: m.csrf }));
}

/** The live balance of each member (the ledger's rule: rows posted by today whose batch has not expired). */
export async function balances(db: Queryable, customers: string[]): Promise<Map<string, number>> {
  const { rows } = await db.query(
    `select c as customer, (select coalesce(sum(loyalty_points), 0)::int from loyalty_point_entries e where e.customer = c and e.expiry_date >= $2::date and e.posting_date <= $2::date) as balance
     from unnest($1::text[]) c`,
    [customers, today()],
  );
  return new Map(rows.map((r) => [String(r.customer), Number(r.balance)]));
}
