import type { ServerModule } from '../../frappe/module';
import { defineMethod } from '../../frappe/methods';
import { GET_RULES, SIMULATE_RECEIPT, UPDATE_RULES } from '../../../contracts/programme';
import { getRules, simulateReceipt, updateRules } from './service';

/**
 * The programme's rules (earning, expiry, tiers, campaigns, bonuses, caps, reminders, reward orders). Loyalty Managers
 * change them; Branch Managers read them and try receipts on the simulator; System Manager passes every rule.
 */
const MANAGERS = ['Loyalty Manager', 'Branch Manager'] as const;

const getRulesMethod = defineMethod({
  ...GET_RULES,
  verbs: ['GET', 'POST'],
  allow: MANAGERS,
  handler: (ctx, args) => getRules(ctx, args),
});

const updateRulesMethod = defineMethod({
  ...UPDATE_RULES,
  verbs: ['POST'],
  allow: ['Loyalty Manager'],
  handler: (ctx, args) => updateRules(ctx, args as Parameters<typeof updateRules>[1]),
});

const simulateMethod = defineMethod({
  ...SIMULATE_RECEIPT,
  verbs: ['GET', 'POST'],
  allow: MANAGERS,
  handler: (ctx, args) => simulateReceipt(ctx, args),
});

export const programmeModule: ServerModule = {
  name: 'programme',
  methods: [getRulesMethod, updateRulesMethod, simulateMethod],
};
