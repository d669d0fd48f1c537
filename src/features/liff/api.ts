import { frappe } from '@/lib/frappe';
import { liffConfigSchema, liffLoginAnswerSchema, type LiffConfig, type LiffLoginAnswer } from '../../../contracts/liff';

export const METHODS = { config: 'member_rewards.account.liff_config', login: 'member_rewards.account.liff_login' } as const;

export const liffConfig = (): Promise<LiffConfig> => frappe.call(METHODS.config, {}, { schema: liffConfigSchema });

/** Sends LIFF's raw id_token (never profile data) to be verified; the answer's CSRF token is kept for writes. */
export async function liffLogin(idToken: string): Promise<LiffLoginAnswer> {
  const answer = await frappe.call(METHODS.login, { id_token: idToken }, { verb: 'POST', schema: liffLoginAnswerSchema });
  frappe.csrf.set(answer.csrf_token);
  return answer;
}
