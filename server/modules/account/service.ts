import { randomBytes } from 'node:crypto';
import type { RequestContext } from '../../frappe/context';
import type { Executor } from '../../db/client';
import { hitLimit } from '../../frappe/rate-limit';
import { notFound, permissionError, ruleRefusal } from '../../frappe/errors';
import { startSession } from '../../frappe/sessions';
import { standingFromSums, standingOf, tierInfo, type TierInfo } from '../loyalty/ledger';
import { today } from '../../../contracts/business-day';
import {
  customerByName,
  customerOfUser,
  defaultLoyaltyProgram,
  insertCustomer,
  insertUser,
  lockCustomerNaming,
  nextCustomerName,
  profileRow,
  renameCustomer,
  updateUser,
  userByLineSub,
  userByName,
  type ProfileRow,
  type UserRow,
} from './repository';
import type { LineIdentity } from './line';
import { isUniqueViolation } from './otp';
import { LINE_PLACEHOLDER_DOMAIN, normalisePhone } from '../../../contracts/account';
import { recordEvent } from '../webhooks/events';


/** Creates the member's Customer (CUST-00002, ...) in the default programme. */
export async function createCustomerFor(tx: Executor, user: UserRow) {
  await lockCustomerNaming(tx);
  return insertCustomer(tx, {
    name: await nextCustomerName(tx),
    customer_name: user.full_name || user.name,
    user: user.name,
    loyalty_program: await defaultLoyaltyProgram(tx),
    owner: user.name,
  });
}

/** Finds the User of this LINE account (by `sub`, never by name or e-mail) or creates it with its Customer. */
export async function findOrCreateLineMember(db: Executor, identity: LineIdentity): Promise<UserRow> {
  const existing = await userByLineSub(db, identity.sub);
  if (existing) {
    if (identity.picture && identity.picture !== existing.user_image) {
      return (await updateUser(db, existing.name, { user_image: identity.picture })) ?? existing;
    }
    return existing;
  }
  try {
    return await db.transaction(async (tx) => {
      const name = `line-${randomBytes(8).toString('hex')}${LINE_PLACEHOLDER_DOMAIN}`;
      const user = await insertUser(tx, {
        name,
        email: name,
        full_name: identity.name,
        first_name: identity.name,
        user_image: identity.picture,
        line_sub: identity.sub,
        user_type: 'Website User',
        roles: ['Member'],
        owner: name,
      });
      await createCustomerFor(tx, user);
      return user;
    });
  } catch (err) {
    // The same LINE account signing in twice at once: the other request created it.
    if (!isUniqueViolation(err)) throw err;
    const winner = await userByLineSub(db, identity.sub);
    if (!winner) throw err;
    return winner;
  }
}

export async function startMemberSession(ctx: RequestContext, user: UserRow) {
  return startSession(ctx.db, ctx, user, 'browser');
}

// ---------------------------------------------------------------------------------------------------

export interface Profile {
  name: string;
  customer_name: string | null;
  user: string;
  full_name: string;
  first_name: string;
  last_name: string;
  user_image: string | null;
  mobile_no: string | null;
  phone: string | null;
  phone_verified: boolean;
  email: string | null;
  id_card_number: string | null;
  birth_date: string | null;
  customer_details: string;
  loyalty_program: string | null;
  loyalty_points: number;
  loyalty_program_tier: string | null;
  language: string;
}

/**
 * The caller's own profile: User and Customer fields, balance and tier; no hashes, keys or ids of LINE. `read` is the
 * profile's row when it came with the session (profileSessionRead), else it is read here.
 */
export async function profileOf(db: Executor, userName: string, read?: ProfileRow): Promise<Profile> {
  const row = read ?? (await profileRow(db, userName));
  if (!row) throw notFound('User not found');
  const { user, member } = row;
  const customer = member?.customer;
  // What the member can spend: points a till or a shop holds as payment are not (the points answer lists them).
  const points = member ? member.sums.balance - member.held : 0;
  const tier = member?.customer.loyalty_program ? tierInfo(await standingFromSums(db, member.customer.loyalty_program, member.sums, row.as_of)) : null;
  return {
    name: customer?.name ?? user.name,
    customer_name: customer?.customer_name ?? null,
    user: user.name,
    full_name: user.full_name,
    first_name: user.first_name,
    last_name: user.last_name,
    user_image: user.user_image,
    mobile_no: user.mobile_no,
    phone: user.mobile_no,
    phone_verified: user.phone_verified,
    email: user.email,
    id_card_number: user.id_card_number,
    birth_date: user.birth_date,
    // The original's "customer_details" string: its second space-separated part is the birth date.
    customer_details: `birth_date: ${user.birth_date ?? ''}`.trim(),
    loyalty_program: customer?.loyalty_program ?? null,
    loyalty_points: points,
    loyalty_program_tier: tier?.tier_name ?? null,
    language: user.language,
  };
}

export interface ProfileUpdate {
  first_name: string;
  last_name: string;
  email?: string;
  id_card_number: string;
  birth_date: string;
  phone?: string;
}

/** E-mail changes of the profile form: per member and per IP, an hour. */
export const EMAIL_CHANGE_LIMIT = { perAccount: 5, perIp: 20, windowSeconds: 3600, message: 'Too many e-mail changes. Please try again later.' };

export async function updateProfile(ctx: RequestContext, input: ProfileUpdate): Promise<Profile> {
  const me = await userByName(ctx.db, ctx.user.name);
  if (!me) throw notFound('User not found');
  if (input.phone !== undefined && input.phone.trim() !== '') {
    const phone = normalisePhone(input.phone);
    if (phone !== (me.mobile_no ?? null)) throw ruleRefusal('phone_read_only');
  }
  const email = input.email?.trim().toLowerCase() || null;
  const emailChanged = email !== (me.email?.toLowerCase() ?? null);
  if (email && emailChanged && email.endsWith(LINE_PLACEHOLDER_DOMAIN)) throw ruleRefusal('email_invalid');
  if (emailChanged) {
    // The address is kept unverified and reserves nothing, so any address is accepted and the answer says nothing
    // about who else uses it; the limits keep the form from being used to try address after address anyway.
    await hitLimit(ctx.db, `email-change:user:${me.name}`, EMAIL_CHANGE_LIMIT.perAccount, EMAIL_CHANGE_LIMIT.windowSeconds, EMAIL_CHANGE_LIMIT.message);
    await hitLimit(ctx.db, `email-change:ip:${ctx.request.ip}`, EMAIL_CHANGE_LIMIT.perIp, EMAIL_CHANGE_LIMIT.windowSeconds, EMAIL_CHANGE_LIMIT.message);
  }
  const fullName = `${input.first_name} ${input.last_name}`.trim();
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, me.name, {
      first_name: input.first_name,
      last_name: input.last_name,
      full_name: fullName,
      email,
      ...(emailChanged ? { email_verified: false } : {}),
      id_card_number: input.id_card_number,
      birth_date: input.birth_date,
    });
    await renameCustomer(tx, me.name, fullName);
    const customer = await customerOfUser(tx, me.name);
    if (customer) await recordEvent(tx, 'member.updated', { customer: customer.name });
  });
  return profileOf(ctx.db, me.name);
}

/**
 * Tier of a customer, with the points that count toward it (what the home's progress to the next tier is drawn
 * from, so every part of the tier on screen comes from this one answer); a member may only ask about their own.
 */
export async function tierFor(ctx: RequestContext, customerName: string): Promise<TierInfo & { points_earned: number }> {
  const isManager = ctx.user.roles.includes('System Manager');
  if (!isManager) {
    const own = await customerOfUser(ctx.db, ctx.user.name);
    // Someone else's customer and a missing one look the same.
    if (!own || own.name !== customerName) throw permissionError('You can only see your own tier');
  }
  const customer = await customerByName(ctx.db, customerName);
  if (!customer) throw notFound(`Customer ${customerName.slice(0, 80)} not found`);
  if (!customer.loyalty_program) return { tier_name: null, tier_thumbnail: null, next_tier_name: null, points_to_next_tier: 0, points_earned: 0 };
  const standing = await standingOf(ctx.db, customer.name, today(), customer.loyalty_program);
  return { ...tierInfo(standing), points_earned: standing.basis };
}
