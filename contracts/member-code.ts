import * as v from 'valibot';
import { methodContract } from './contract';
import { normaliseRewardCode } from './reward-code';

// The code itself (computed by the app, the boot module of /my-id and the server alike) imports nothing: ./member-code-otp.ts.
export * from './member-code-otp';
import { MEMBER_CODE } from './member-code-otp';

/** Spaces and dashes a scanner or a person may add are ignored. */
export const normaliseCode = (raw: string) => raw.trim().replace(/[\s-]+/g, '');

const MEMBER_CODE_RE = new RegExp(`^([1-9][0-9]{0,8})([0-9]{${MEMBER_CODE.digits}})$`);

/** Splits a member code into its member number and one-time part, or null if it is not one. */
export function parseMemberCode(raw: string): { memberNo: number; otp: string } | null {
  const m = MEMBER_CODE_RE.exec(normaliseCode(raw));
  if (!m) return null;
  return { memberNo: Number(m[1]), otp: m[2]! };
}

/**
 * What a scanned or typed text is: a member code, a reward order's code (contracts/reward-code.ts), or neither.
 * An order or delivery note name (ACC-SINV-…, MAT-DN-…) is neither: names are sequential and guessable.
 */
export function classifyCode(raw: string): { kind: 'member'; code: string } | { kind: 'reward'; code: string } | { kind: 'unknown'; code: string } {
  const trimmed = raw.trim();
  if (parseMemberCode(trimmed)) return { kind: 'member', code: normaliseCode(trimmed) };
  const reward = normaliseRewardCode(trimmed);
  if (reward) return { kind: 'reward', code: reward };
  return { kind: 'unknown', code: trimmed };
}

/**
 * A per-device secret for the rotating member code (`<member_no><6-digit HMAC-SHA-256 TOTP>`, 30 s steps, ±1 step). The
 * app registers as soon as the member is signed in and online (so /my-id works offline without being opened first);
 * registering revokes older devices, and every sign-in (a new device) and every logout revoke them too.
 */
export const REGISTER_DEVICE = methodContract(
  'member_rewards.member_code.register_device',
  v.looseObject({}),
  v.looseObject({ device_id: v.string(), secret: v.string(), step: v.number(), digits: v.number(), member_no: v.number() }),
);

/** Whether this device's code is still the member's live one, and the last step staff used it at. */
export const DEVICE_STATUS = methodContract(
  'member_rewards.member_code.device_status',
  v.looseObject({ device_id: v.pipe(v.string('Device is required'), v.trim(), v.minLength(1, 'Device is required'), v.maxLength(64, 'Device is required')) }),
  v.looseObject({ active: v.boolean(), last_used_step: v.optional(v.nullable(v.number()), null) }),
);
