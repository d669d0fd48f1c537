import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client';
import { MEMBER_CODE, otpFor, parseMemberCode, stepAt, type MemberCodeDevice } from '../../../contracts/member-code';
import { safeEqual } from '../../frappe/crypto';
import { hitLimit } from '../../frappe/rate-limit';
import { deviceByCodeNo, insertDevice, revokeDevices, settingSecret, type DeviceRow } from './repository';
import { refuse } from './messages';

/**
 * A member's rotating codes belong to the phone that registered them: a sign-in anywhere is a new device and a
 * sign-out or the loss of every credential (password reset, disabled, blocked) ends them, so a screenshot or an old
 * phone stops working. The device that signs in registers its own secret right after.
 */
export async function revokeOnCredentials(db: Executor, event: { user: string }) {
  await revokeDevices(db, event.user);
}

/**
 * Registers the member's device for rotating codes: a fresh secret and code number, and every older device
 * of the member revoked (its codes stop working at once). Runs in one transaction.
 */
export async function registerDevice(db: Executor, user: string): Promise<MemberCodeDevice> {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  const row = await insertDevice(db, { id, user, secret });
  await revokeDevices(db, user, id);
  return { device_id: row.id, secret: row.secret, step: MEMBER_CODE.stepSeconds, digits: MEMBER_CODE.digits, member_no: row.code_no };
}

export interface VerifiedCode {
  device: DeviceRow;
  step: number;
}

/**
 * The live device a member code belongs to and the time step it matched (current step ±window), or null for an
 * unknown, revoked or stale code. Reads only: no attempt is counted and no step is used up.
 */
export async function matchMemberCode(db: Executor, raw: string, now = Date.now()): Promise<VerifiedCode | null> {
  const parsed = parseMemberCode(raw);
  if (!parsed) return null;
  const device = await deviceByCodeNo(db, parsed.memberNo);
  if (!device || device.revoked_at) return null;
  const current = stepAt(now, MEMBER_CODE.stepSeconds);
  let matched: number | null = null;
  for (let s = current - MEMBER_CODE.window; s <= current + MEMBER_CODE.window; s += 1) {
    if (safeEqual(await otpFor(device.secret, parsed.memberNo, s, MEMBER_CODE.digits), parsed.otp)) matched = s;
  }
  return matched === null ? null : { device, step: matched };
}

/**
 * Checks a member code against the server clock: its device exists and is live, its one-time part matches
 * the current step ±window, and that step is later than the last one used for an award. Unknown, revoked and
 * stale codes get the same answer. Failed guesses for one member number are limited (no brute force).
 */
export async function verifyMemberCode(db: Executor, raw: string, now = Date.now()): Promise<VerifiedCode> {
  const parsed = parseMemberCode(raw);
  if (!parsed) throw refuse('code_invalid');
  const match = await matchMemberCode(db, raw, now);
  if (!match) {
    await hitLimit(db, `member-code:fail:${parsed.memberNo}`, 20, 600, 'Too many invalid member codes. Please try again later.');
    throw refuse('code_invalid');
  }
  if (match.device.last_used_step !== null && match.step <= match.device.last_used_step) throw refuse('code_used');
  return match;
}

/**
 * A scan token: what lets staff finish an award a few minutes after scanning (the code itself rotates every
 * 30 s). HMAC-signed with a key kept in the settings table; bound to the staff user, the device and the step,
 * so it is as single-use as the code (the step is marked used by the award).
 */
export const SCAN_TOKEN_TTL_MS = 5 * 60 * 1000;

interface ScanClaims {
  d: string; // device id
  s: number; // step
  c: string; // customer
  u: string; // staff user
  e: number; // expiry (ms)
}

const tokenKey = (db: Executor) => settingSecret(db, 'staff_scan_token_key', () => randomBytes(32).toString('base64url'));

export async function issueScanToken(db: Executor, claims: Omit<ScanClaims, 'e'>, now = Date.now()): Promise<string> {
  const body = Buffer.from(JSON.stringify({ ...claims, e: now + SCAN_TOKEN_TTL_MS })).toString('base64url');
  const mac = createHmac('sha256', await tokenKey(db)).update(body).digest('base64url');
  return `${body}.${mac}`;
}

export async function readScanToken(db: Executor, token: string, staffUser: string, now = Date.now()): Promise<ScanClaims> {
  const [body, mac] = token.split('.');
  if (!body || !mac) throw refuse('ticket_invalid');
  const expected = createHmac('sha256', await tokenKey(db)).update(body).digest('base64url');
  if (!safeEqual(mac, expected)) throw refuse('ticket_invalid');
  let claims: ScanClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ScanClaims;
  } catch {
    throw refuse('ticket_invalid');
  }
  if (claims.u !== staffUser || !(claims.e > now)) throw refuse('ticket_invalid');
  return claims;
}
