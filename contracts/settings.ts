import * as v from 'valibot';
import { noArgs, numeric } from './args';
import { methodContract } from './contract';

/**
 * The programme's tunable figures a System Manager sets: the checkout's shipping fee and discount (settings rows,
 * 59 and 99 until set) and the till's per-member daily cap, which is the rules' `daily_cap` (reading it answers
 * today's rule, writing it writes a rules version from today). Whole numbers from 0 to their maximum.
 */
export const SETTING_MAXIMA = { shipping_fee: 100_000, checkout_discount: 100_000, staff_award_daily_cap: 1_000_000 } as const;
export type SettingName = keyof typeof SETTING_MAXIMA;

const amount = (key: SettingName) => {
  const message = `${key} must be a whole number from 0 to ${SETTING_MAXIMA[key]}`;
  return v.optional(v.pipe(numeric(), v.integer(message), v.minValue(0, message), v.maxValue(SETTING_MAXIMA[key], message)));
};

export const SettingsAnswer = v.object({ shipping_fee: v.number(), checkout_discount: v.number(), staff_award_daily_cap: v.number() });

/** The programme's tunable figures (59, 99 and 500 until set). */
export const GET_SETTINGS = methodContract('member_rewards.settings.get_settings', noArgs, SettingsAnswer);

/**
 * Changes only the figures sent, whole numbers from 0 to their maximum; an unknown name is refused (417). Audited;
 * answers every figure as it now is.
 */
export const UPDATE_SETTINGS = methodContract(
  'member_rewards.settings.update_settings',
  v.strictObject(
    { shipping_fee: amount('shipping_fee'), checkout_discount: amount('checkout_discount'), staff_award_daily_cap: amount('staff_award_daily_cap') },
    (issue) => `Unknown setting: ${String(issue.expected === 'never' ? (issue.path?.[0]?.key ?? '') : '')}`,
  ),
  SettingsAnswer,
);
