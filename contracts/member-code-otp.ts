/**
 * Rotating member code, shared by the server (which checks it) and the app (which shows it on /my-id with
 * no network). TOTP-style (RFC 6238 shape, HMAC-SHA-256 via Web Crypto, available in browsers and Node 20).
 *
 * Format (version 1): all digits, `<member_no><otp>`
 *   - member_no: the number issued with the member's current device registration (1-9 digits, no leading
 *     zero). The server finds the device, hence the member and the secret, from it with one indexed read.
 *     It changes when the member registers a new device, so an old code does not even name the member.
 *   - otp: exactly `digits` (6) digits = HOTP truncation (RFC 4226 §5.3) of
 *     HMAC-SHA-256(secret, step as 8-byte big-endian ‖ member_no as 4-byte big-endian),
 *     where step = floor(unix seconds / stepSeconds) (30 s).
 *   e.g. member_no 42 at some step → "42" + "093817" = "42093817".
 * The whole code is 7-15 digits: CODE128 packs it in code set C, a version-1/2 QR holds it, and staff can
 * type it. The server accepts the current step ±1 (a screenshot stops working within about a minute) and
 * never a step at or before the last one used for an award (a used code cannot be replayed).
 */

export const MEMBER_CODE = {
  version: 1,
  stepSeconds: 30,
  digits: 6,
  /** Steps of clock skew accepted either side of the server's current step. */
  window: 1,
} as const;

/** What member_rewards.member_code.register_device returns and the device keeps. */
export interface MemberCodeDevice {
  device_id: string;
  /** base64url of 32 random bytes. */
  secret: string;
  /** Step length in seconds. */
  step: number;
  digits: number;
  member_no: number;
}

export const stepAt = (ms: number, stepSeconds: number = MEMBER_CODE.stepSeconds) => Math.floor(ms / 1000 / stepSeconds);

/** Whole seconds until the code shown at `ms` changes (1..stepSeconds), for the countdown. */
export function secondsLeft(ms: number, stepSeconds: number = MEMBER_CODE.stepSeconds): number {
  const elapsed = (ms / 1000) % stepSeconds;
  return Math.max(1, Math.ceil(stepSeconds - elapsed));
}

function fromBase64Url(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i += 1) out[i] = bin.charCodeAt(i);
  return out;
}

const keyCache = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = globalThis.crypto.subtle.importKey('raw', fromBase64Url(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    if (keyCache.size > 64) keyCache.clear();
    keyCache.set(secret, key);
  }
  return key;
}

/** The `digits`-digit one-time part for a member number and a step. */
export async function otpFor(secret: string, memberNo: number, step: number, digits: number = MEMBER_CODE.digits): Promise<string> {
  const msg = new DataView(new ArrayBuffer(12));
  msg.setUint32(0, Math.floor(step / 2 ** 32));
  msg.setUint32(4, step >>> 0);
  msg.setUint32(8, memberNo >>> 0);
  const mac = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', await hmacKey(secret), msg.buffer));
  const offset = mac[mac.length - 1]! & 0x0f;
  const bin =
    ((mac[offset]! & 0x7f) << 24) | ((mac[offset + 1]! & 0xff) << 16) | ((mac[offset + 2]! & 0xff) << 8) | (mac[offset + 3]! & 0xff);
  return String(bin % 10 ** digits).padStart(digits, '0');
}

/** The code to show at time `ms` (default now), computed on the device with no network. */
export async function memberCodeAt(device: Pick<MemberCodeDevice, 'secret' | 'step' | 'digits' | 'member_no'>, ms: number = Date.now()) {
  const step = stepAt(ms, device.step);
  return `${device.member_no}${await otpFor(device.secret, device.member_no, step, device.digits)}`;
}
