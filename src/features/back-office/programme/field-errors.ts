import * as v from 'valibot';
import type { MessageKey } from '@/lib/i18n';
import type { RuleCode } from '../../../../contracts/errors';
import { ProgrammeRulesSchema, type ProgrammeRules } from '../../../../contracts/programme';

/** Errors by field path ('tiers.1.threshold'), as catalogue keys: the contract's rules said in the manager's language. */
export type FieldErrors = Record<string, MessageKey>;

/** The rule each field breaks, by the field's own name (its path's last key). */
const BY_FIELD: Record<string, MessageKey> = {
  baht_per_point: 'programmeAdmin.errBahtPerPoint',
  point_value_baht: 'programmeAdmin.errPointValue',
  days: 'programmeAdmin.errExpiryDays',
  months: 'programmeAdmin.errExpiryMonths',
  name: 'programmeAdmin.errName',
  threshold: 'programmeAdmin.errThreshold',
  multiplier: 'programmeAdmin.errMultiplier',
  colour: 'programmeAdmin.errColour',
  id: 'programmeAdmin.errCampaignId',
  from_date: 'programmeAdmin.errDate',
  to_date: 'programmeAdmin.errDate',
  birthday_bonus: 'programmeAdmin.errBonus',
  signup_bonus: 'programmeAdmin.errBonus',
  daily_cap: 'programmeAdmin.errDailyCap',
  reminder_days: 'programmeAdmin.errReminderDays',
  reward_valid_days: 'programmeAdmin.errRewardValidDays',
  purchase_due_days: 'programmeAdmin.errPurchaseDueDays',
};

const dupes = <T,>(list: readonly T[], key: (x: T) => unknown) => list.map((x, i) => list.findIndex((y) => key(y) === key(x)) !== i);

/**
 * Checks the draft with the very schema the server holds every version to, and places each broken rule on its field;
 * the rules across fields (distinct tier names and thresholds, known campaign tiers, a campaign's dates in order) too.
 */
export function rulesErrors(draft: ProgrammeRules): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = v.safeParse(ProgrammeRulesSchema, draft);
  if (parsed.success) return errors;
  for (const issue of parsed.issues) {
    const path = (issue.path ?? []).map((p) => String(p.key));
    const last = path.at(-1);
    if (!last) continue;
    if (issue.message === ('date_out_of_range' satisfies RuleCode)) errors[path.join('.')] ??= 'errors.dateOutOfRange';
    else if (path[0] === 'campaigns' && path.length === 2) errors[`campaigns.${last}.to_date`] ??= 'programmeAdmin.errCampaignDates';
    else if (path[0] === 'reminder_days') errors.reminder_days ??= 'programmeAdmin.errReminderDays';
    else if (['branches', 'item_groups', 'tiers'].includes(path[2] ?? '') && path[0] === 'campaigns') errors[path.slice(0, 3).join('.')] ??= 'programmeAdmin.errList';
    else errors[path.join('.')] ??= BY_FIELD[last] ?? 'programmeAdmin.errInvalid';
  }
  dupes(draft.tiers, (t) => String(t.name).trim().toLowerCase()).forEach((d, i) => d && (errors[`tiers.${i}.name`] ??= 'programmeAdmin.errDuplicateTier'));
  dupes(draft.tiers, (t) => Number(t.threshold)).forEach((d, i) => d && (errors[`tiers.${i}.threshold`] ??= 'programmeAdmin.errDuplicateThreshold'));
  dupes(draft.campaigns, (c) => c.id).forEach((d, i) => d && (errors[`campaigns.${i}.id`] ??= 'programmeAdmin.errDuplicateCampaign'));
  draft.campaigns.forEach((c, i) => {
    if (c.tiers.some((t) => !draft.tiers.some((x) => x.name === t))) errors[`campaigns.${i}.tiers`] ??= 'programmeAdmin.errUnknownTier';
  });
  if (Object.keys(errors).length === 0) errors.form = 'programmeAdmin.errInvalid';
  return errors;
}

/** Only the rules the draft changes go into the new version: the others run on as they are. */
export function changedRules(before: ProgrammeRules, draft: ProgrammeRules): Partial<ProgrammeRules> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as (keyof ProgrammeRules)[]) {
    if (JSON.stringify(draft[key]) !== JSON.stringify(before[key])) out[key] = draft[key];
  }
  return out as Partial<ProgrammeRules>;
}
