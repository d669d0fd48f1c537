import * as v from 'valibot';
import { profileSchema } from './account';
import { methodContract } from './contract';
import { isPlausibleDay } from './dates';
import type { RuleCode } from './errors';

/**
 * The profile form (fill-info, edit-profile) and update_profile: the same rules in both places. Each rule's message
 * is its code (contracts/errors.ts): the app says it in the member's language, the server answers with its sentence.
 */

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** YYYY-MM-DD, a real calendar date from the first day any date may be (1900), not in the future. */
export function isValidBirthDate(s: string, now = Date.now()): boolean {
  return isPlausibleDay(s) && new Date(`${s}T00:00:00Z`).getTime() <= now;
}

// Missing fields get the same sentence as empty ones (valibot would otherwise say "Invalid key").
const requiredText = (code: RuleCode, max = 140) =>
  v.pipe(v.optional(v.string(code), ''), v.trim(), v.minLength(1, code), v.maxLength(max, 'too_long' satisfies RuleCode));

/** The profile form (fill-info, edit-profile) and update_profile: the same rules in both places. */
export const profileInputSchema = v.looseObject({
  first_name: requiredText('first_name_required'),
  last_name: requiredText('last_name_required'),
  email: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(200, 'email_invalid' satisfies RuleCode),
        v.check((s) => s === '' || EMAIL_RE.test(s), 'email_invalid' satisfies RuleCode),
      ),
    ),
  ),
  id_card_number: requiredText('id_card_required', 30),
  birth_date: v.pipe(
    v.optional(v.string('birth_date_required' satisfies RuleCode), ''),
    v.trim(),
    v.minLength(1, 'birth_date_required' satisfies RuleCode),
    v.check((s) => isValidBirthDate(s), 'birth_date_invalid' satisfies RuleCode),
  ),
  /** Read-only: sent back as shown; the server refuses a different number. */
  phone: v.optional(v.nullable(v.union([v.string(), v.number()]))),
});
export type ProfileInput = v.InferInput<typeof profileInputSchema>;
export type ProfileValues = v.InferOutput<typeof profileInputSchema>;

/**
 * The profile form's rules and messages; answers the updated profile. The phone cannot be changed here (417); the
 * e-mail is kept unverified and reserves nothing, so any address is accepted; e-mail changes: 5 per member and 20 per
 * IP an hour.
 */
export const UPDATE_PROFILE = methodContract('honda_api.api_calls.getuser.update_profile', profileInputSchema, profileSchema);
