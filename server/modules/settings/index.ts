import type { ServerModule } from '../../frappe/module';
import type { Executor } from '../../db/client';
import { defineMethod } from '../../frappe/methods';
import { GET_SETTINGS, UPDATE_SETTINGS } from '../../../contracts/settings';
import { today } from '../../../contracts/business-day';
import { DEFAULT_DISCOUNT, DEFAULT_SHIPPING_FEE, DISCOUNT_SETTING, SHIPPING_FEE_SETTING } from '../orders/pricing';
import { DAILY_CAP_DEFAULT, DAILY_CAP_SETTING, rulesOn } from '../programme/versions';
import { defaultProgram, writeVersion } from '../programme/service';
import { readSettings, writeSettings, type Tunable } from './service';
import { audit } from '../audit/service';

/**
 * The programme's tunable figures, for the back office (their names and limits: contracts/settings.ts). Each has its
 * default until it is set.
 */
const TUNABLES: Tunable[] = [
  { key: SHIPPING_FEE_SETTING, fallback: DEFAULT_SHIPPING_FEE },
  { key: DISCOUNT_SETTING, fallback: DEFAULT_DISCOUNT },
];
// The till's per-member daily cap (DAILY_CAP_SETTING) is the programme's `daily_cap` rule: it reads and writes that rule.

async function readAll(db: Executor) {
  const program = await defaultProgram(db);
  const rules = program ? await rulesOn(db, program, today()) : null;
  return { ...(await readSettings(db, TUNABLES)), [DAILY_CAP_SETTING]: rules?.rules.daily_cap ?? DAILY_CAP_DEFAULT };
}

const getSettings = defineMethod({
  ...GET_SETTINGS,
  verbs: ['GET'],
  allow: ['System Manager'],
  handler: (ctx) => readAll(ctx.db),
});

const updateSettings = defineMethod({
  ...UPDATE_SETTINGS,
  verbs: ['POST'],
  allow: ['System Manager'],
  handler: async (ctx, args) => {
    const { [DAILY_CAP_SETTING]: cap, ...values } = args as Record<string, number | undefined>;
    await ctx.db.transaction(async (tx) => {
      const before = await readAll(tx);
      const program = await defaultProgram(tx);
      // Without a programme yet, the setting is kept: a programme's starting rules take their cap from it.
      await writeSettings(tx, program ? values : { ...values, [DAILY_CAP_SETTING]: cap });
      if (cap !== undefined && program && cap !== before[DAILY_CAP_SETTING]) {
        // A new version of the rules from today: the cap applies from today's next award on.
        await writeVersion(tx, { program, from: today(), changes: { daily_cap: cap }, note: 'update_settings', user: ctx.user.name });
      }
      await audit(ctx, tx, { action: 'update', doctype: 'Settings', name: 'settings', before, after: await readAll(tx), branch: null });
    });
    return readAll(ctx.db);
  },
});

export const settingsModule: ServerModule = {
  name: 'settings',
  methods: [getSettings, updateSettings],
};
