import { and, desc, eq, like, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { settings, smsOutbox, users } from '../../db/schema/auth';
import { customers } from '../../db/schema/customers';
import { loyaltyPrograms } from '../../db/schema/loyalty';
import { heldPointsSql, programWithVersionsSql, standingSumsSql, standingToday, type ProgramWithVersions, type StandingSums } from '../loyalty/ledger';
import { sessionReadAlone } from '../../frappe/sessions';
import { jsonObject } from '../../db/json-object';
import type { SessionRead } from '../../frappe/context';

export type UserRow = typeof users.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;

export async function userByName(db: Executor, name: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.name, name)).limit(1);
  return row;
}

/** What the profile shows of a user, their customer (null: none) and, for a member, their standing and held points. */
export interface ProfileRow {
  /** The day the sums are of (the profile's `asOf`). */
  as_of: string;
  user: Pick<UserRow, 'name' | 'full_name' | 'first_name' | 'last_name' | 'user_image' | 'mobile_no' | 'phone_verified' | 'email' | 'id_card_number' | 'birth_date' | 'language'>;
  /** The user's customer with their standing's sums on `as_of` and the points held as payment (null: no customer). */
  member: {
    customer: Pick<CustomerRow, 'name' | 'customer_name' | 'loyalty_program'>;
    sums: StandingSums & { balance: number };
    held: number;
  } | null;
}

/**
 * The profile as one JSON value over a user row (`user`): read with the session (profileSessionRead) or on its own
 * (profileRow), the same SQL. `asOf` and `rolling` are standingSumsSql's placeholders (standingToday).
 */
function profileSql(user: typeof users) {
  const asOf = sql.placeholder('asOf');
  const member = sql`"customers"."name"`;
  const sums = standingSumsSql(member, sql`"customers"."loyalty_program"`, asOf, sql.placeholder('rolling'));
  return sql<ProfileRow>`${jsonObject({
    as_of: sql`${asOf}::text`,
    user: jsonObject({
      name: user.name, full_name: user.full_name, first_name: user.first_name, last_name: user.last_name, user_image: user.user_image,
      mobile_no: user.mobile_no, phone_verified: user.phone_verified, email: user.email, id_card_number: user.id_card_number,
      birth_date: user.birth_date, language: user.language,
    }),
    member: sql`(select ${jsonObject({
      customer: jsonObject({ name: customers.name, customer_name: customers.customer_name, loyalty_program: customers.loyalty_program }),
      sums: jsonObject(sums),
      held: heldPointsSql(member),
    })} from ${customers} where ${customers.user} = ${user.name} limit 1)`,
  })}`;
}

/** get_profile's read, in the session's own statement (one round trip for the whole answer). */
export const profileSessionRead: SessionRead<ProfileRow> = { name: 'profile', value: profileSql, params: standingToday };

/** The profile of `name` on today's date, read on its own (undefined: no such user). */
export const profileRow = sessionReadAlone(profileSessionRead);

export async function userByLineSub(db: Executor, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.line_sub, sub)).limit(1);
  return row;
}

export async function customerOfUser(db: Executor, user: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.user, user)).limit(1);
  return row;
}

/** The user's customer and whether the user's phone is verified, in one query (undefined: no customer). */
export async function customerWithPhoneOf(db: Executor, user: string): Promise<{ customer: CustomerRow; phone_verified: boolean } | undefined> {
  const [row] = await db
    .select({ customer: customers, phone_verified: users.phone_verified })
    .from(customers)
    .innerJoin(users, eq(users.name, customers.user))
    .where(eq(customers.user, user))
    .limit(1);
  return row;
}

/**
 * What an order needs of its member: the customer's name and programme, whether the user's phone is verified, and
 * the programme with its rule versions (programWithRulesFrom makes them the rules of the order's day).
 */
export interface OrderingMember {
  customer: Pick<CustomerRow, 'name' | 'loyalty_program'>;
  phone_verified: boolean;
  program: ProgramWithVersions | null;
}

/** The same, as a subquery over the signed-in user, read with the session (null: the user has no customer). */
export const orderingMemberRead: SessionRead<OrderingMember | null> = {
  name: 'ordering_member',
  value: (user) => sql<OrderingMember | null>`(select json_build_object(
      'customer', json_build_object('name', ${customers.name}, 'loyalty_program', ${customers.loyalty_program}),
      'phone_verified', ${user.phone_verified},
      'program', ${programWithVersionsSql(customers.loyalty_program)})
    from ${customers} where ${customers.user} = ${user.name} limit 1)`,
};

export async function customerByName(db: Executor, name: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.name, name)).limit(1);
  return row;
}

/** The programme new members join: the installation's first loyalty programme, if any. */
export async function defaultLoyaltyProgram(db: Executor): Promise<string | null> {
  const [row] = await db.select({ name: loyaltyPrograms.name }).from(loyaltyPrograms).orderBy(loyaltyPrograms.creation).limit(1);
  return row?.name ?? null;
}

/** CUST-00001, CUST-00002...: the next number after the highest of that form. */
export async function nextCustomerName(db: Executor): Promise<string> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(substring(${customers.name} from 6)::int), 0)::int` })
    .from(customers)
    .where(sql`${customers.name} ~ '^CUST-[0-9]{1,9}$'`);
  return `CUST-${String(Number(row?.n ?? 0) + 1).padStart(5, '0')}`;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function insertCustomer(db: Executor, values: typeof customers.$inferInsert): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(values).returning();
  return row!;
}

export async function updateUser(db: Executor, name: string, set: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...set, modified: sql`now()` })
    .where(eq(users.name, name))
    .returning();
  return row;
}

export async function renameCustomer(db: Executor, user: string, customerName: string) {
  await db.update(customers).set({ customer_name: customerName, modified: sql`now()` }).where(eq(customers.user, user));
}

/** Whether another account already holds this phone (the answer never says which one). */
export async function phoneHeldByOther(db: Executor, phone: string, user: string): Promise<boolean> {
  const [row] = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.mobile_no, phone), ne(users.name, user)))
    .limit(1);
  return Boolean(row);
}

/** One customer numbering at a time (a transaction lock): concurrent first sign-ins never collide on a name. */
export async function lockCustomerNaming(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('account.customer_autoname'))`);
}

export async function insertSms(db: Executor, phone: string, body: string) {
  await db.insert(smsOutbox).values({ phone, body });
}

/** The development SMS outbox, newest first (for one phone, digits only, when given). */
export async function smsOutboxEntries(db: Executor, phone: string | undefined, limit: number) {
  const q = db
    .select({ phone: smsOutbox.phone, body: smsOutbox.body, created_at: smsOutbox.created_at })
    .from(smsOutbox)
    .orderBy(desc(smsOutbox.id))
    .limit(limit)
    .$dynamic();
  return phone ? q.where(eq(smsOutbox.phone, phone)) : q;
}

/** Stores a setting unless one of that key exists already (the first writer wins). */
export async function insertSettingIfAbsent(db: Executor, key: string, value: unknown) {
  await db.insert(settings).values({ key, value }).onConflictDoNothing();
}

/** Reads and removes a setting at once: of two requests for it, one gets it. */
export async function takeSetting(db: Executor, key: string): Promise<unknown> {
  const [row] = await db.delete(settings).where(eq(settings.key, key)).returning();
  return row?.value;
}

export async function insertSetting(db: Executor, key: string, value: unknown) {
  await db.insert(settings).values({ key, value });
}

/** Drops the settings under `prefix` whose `exp` (milliseconds) has passed. */
export async function dropExpiredSettings(db: Executor, prefix: string, now: number) {
  await db.delete(settings).where(and(like(settings.key, `${prefix}%`), sql`(${settings.value}->>'exp')::bigint < ${now}`));
}
