import type { ServerModule } from '../../frappe/module';
import { defineMethod } from '../../frappe/methods';
import { GetRulesAnswer, GetRulesArgs, PROGRAMME_METHODS as P, SimulateAnswer, SimulateArgs, UpdateRulesArgs } from '../../../contracts/programme';
import { getRules, simulateReceipt, updateRules } from './service';

/**
 * The programme's rules (earning, expiry, tiers, campaigns, bonuses, caps, reminders, reward orders). Loyalty Managers
 * change them; Branch Managers read them and try receipts on the simulator; System Manager passes every rule.
 */
const MANAGERS = ['Loyalty Manager', 'Branch Manager'] as const;

const getRulesMethod = defineMethod({
  path: P.getRules,
  verbs: ['GET', 'POST'],
  allow: MANAGERS,
  args: GetRulesArgs,
  returns: GetRulesAnswer,
  handler: (ctx, args) => getRules(ctx, args),
});

const updateRulesMethod = defineMethod({
  path: P.updateRules,
  verbs: ['POST'],
  allow: ['Loyalty Manager'],
  args: UpdateRulesArgs,
  returns: GetRulesAnswer,
  handler: (ctx, args) => updateRules(ctx, args as Parameters<typeof updateRules>[1]),
});

const simulateMethod = defineMethod({
  path: P.simulate,
  verbs: ['GET', 'POST'],
  allow: MANAGERS,
  args: SimulateArgs,
  returns: SimulateAnswer,
  handler: (ctx, args) => simulateReceipt(ctx, args),
});

export const programmeModule: ServerModule = {
  name: 'programme',
  methods: [getRulesMethod, updateRulesMethod, simulateMethod],
};
