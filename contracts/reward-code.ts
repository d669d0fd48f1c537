/**
 * A reward order's code for the till, shared by the server (which issues and resolves it), the member's order
 * screen (which shows it as text, QR code and barcode) and the staff scanner.
 *
 * 16 characters of Crockford's base 32 (digits and upper-case letters without I, L, O and U): 80 random bits,
 * so knowing one order's code tells nothing about any other's. Shown in groups of four (`7K2M-Q9XD-4HTB-W0RS`);
 * read back case-insensitively, with or without the dashes and spaces, and with I/L read as 1 and O as 0 as
 * Crockford's alphabet prescribes for typed codes. No member code (all digits, at most 15) is ever 16 long.
 */
export const REWARD_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REWARD_CODE_LENGTH = 16;

const CANONICAL = new RegExp(`^[${REWARD_CODE_ALPHABET}]{${REWARD_CODE_LENGTH}}$`);

/** The stored form of a scanned or typed reward code, or null if it cannot be one. */
export function normaliseRewardCode(raw: string): string | null {
  const code = raw.toUpperCase().replace(/[\s-]+/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  return CANONICAL.test(code) ? code : null;
}

/**
 * The code as a log shows it: enough to recognise it (its last four characters), never all of it. A reward code is
 * a bearer token: whoever holds it can collect the reward.
 */
export function maskRewardCode(code: string): string {
  return `••••${code.slice(-4)}`;
}

/** The code as people read it: four groups of four. */
export function formatRewardCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** A new code from 10 random bytes (80 bits, 5 bits a character). */
export function rewardCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < 10) throw new Error('A reward code needs 10 random bytes');
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes.subarray(0, 10)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += REWARD_CODE_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}
