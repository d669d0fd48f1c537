import * as v from 'valibot';
import type { ServerModule } from '../../frappe/module';
import { defineMethod, noArgs, numeric } from '../../frappe/methods';
import { DEFAULT_DISCOUNT, DEFAULT_SHIPPING_FEE, DISCOUNT_SETTING, SHIPPING_FEE_SETTING } from '../orders/pricing';
import { DAILY_CAP_DEFAULT, DAILY_CAP_SETTING } from '../staff/service';
import { readSettings, writeSettings, type Tunable } from './service';
import { audit } from '../audit/service';

/**
 * The programme's tunable figures, for the back office: until now they could only be changed in the database.
 * Each has its default until it is set.
 */
const TUNABLES: Tunable[] = [
  { key: SHIPPING_FEE_SETTING, fallback: DEFAULT_SHIPPING_FEE, max: 100_000 },
  { key: DISCOUNT_SETTING, fallback: DEFAULT_DISCOUNT, max: 100_000 },
  { key: DAILY_CAP_SETTING, fallback: DAILY_CAP_DEFAULT, max: 1_000_000 },
];

const amount = (key: string, max: number) => {
  const message = `${key} must be a whole number from 0 to ${max}`;
  return v.optional(v.pipe(numeric(), v.integer(message), v.minValue(0, message), v.maxValue(max, message)));
};

const getSettings = defineMethod({
  path: 'member_rewards.settings.get_settings',
  verbs: ['GET'],
  allow: ['System Manager'],
  args: noArgs,
  handler: (ctx) => readSettings(ctx.db, TUNABLES),
});

const updateSettings = defineMethod({
  path: 'member_rewards.settings.update_settings',
  verbs: ['POST'],
  allow: ['System Manager'],
  args: v.strictObject(
    Object.fromEntries(TUNABLES.map((t) => [t.key, amount(t.key, t.max)])),
    (issue) => `Unknown setting: ${String(issue.expected === 'never' ? (issue.path?.[0]?.key ?? '') : '')}`,
  ),
  handler: async (ctx, args) => {
    await ctx.db.transaction(async (tx) => {
      const before = await readSettings(tx, TUNABLES);
      await writeSettings(tx, args as Record<string, number | undefined>);
      await audit(ctx, tx, { action: 'update', doctype: 'Settings', name: 'settings', before, after: await readSettings(tx, TUNABLES), branch: null });
    });
    return readSettings(ctx.db, TUNABLES);
  },
});

export const settingsModule: ServerModule = {
  name: 'settings',
  methods: [getSettings, updateSettings],
};
