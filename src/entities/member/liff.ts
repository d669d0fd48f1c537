import { callMethod } from '@/lib/api';
import { frappe } from '@/lib/frappe';
import { LIFF_CONFIG, LIFF_LOGIN, type LiffConfig, type LiffLoginAnswer } from '../../../contracts/liff';

/** Which LIFF the /liff entry loads: LINE's SDK with this LIFF app, or the development stand-in. */
export const liffConfig = (): Promise<LiffConfig> => callMethod(LIFF_CONFIG, {});

/**
 * Sends LIFF's raw id_token (never profile data) to be verified, and the privacy notice version the member agreed
 * to (recorded as their consent; without it, the current one); the answer's CSRF token is kept for writes.
 */
export async function liffLogin(idToken: string, privacyVersion: number | undefined): Promise<LiffLoginAnswer> {
  const answer = await callMethod(LIFF_LOGIN, { id_token: idToken, ...(privacyVersion !== undefined ? { privacy_version: privacyVersion } : {}) }, { verb: 'POST' });
  frappe.csrf.set(answer.csrf_token);
  return answer;
}
