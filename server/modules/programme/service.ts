import * as v from 'valibot';
import type { RequestContext } from '../../frappe/context';
import type { Executor } from '../../db/client';
import { FrappeError, notFound, validationError } from '../../frappe/errors';
import { describeIssues } from '../../frappe/methods';
import { today } from '../../frappe/business-day';
import { ProgrammeRulesSchema, RULE_KEYS, type Earning, type ProgrammeRules } from '../../../contracts/programme';
import { audit } from '../audit/service';
import { standingOf, type Program } from '../loyalty/ledger';
import { staffAwardedOn } from '../staff/repository';
import { earningFor, type ReceiptLine } from './rules';
import { customerExists, defaultProgramName, programNames, insertVersion, lockProgram, tiersNamedByItems, unknownBranches, versionsAfter, versionsOf } from './repository';
import { fromRow, rulesOn, startingVersion, type RulesInEffect } from './versions';

async function programName(db: Executor, named: string | null | undefined): Promise<string> {
  const name = named || (await defaultProgramName(db));
  if (!name) throw notFound('There is no loyalty programme');
  return name;
}

async function rulesOrMissing(db: Executor, program: string, day: string): Promise<RulesInEffect> {
  const rules = await rulesOn(db, program, day);
  if (!rules) throw notFound(`Loyalty programme ${program.slice(0, 80)} not found`);
  return rules;
}

const strip = ({ loyalty_program: _p, ...version }: RulesInEffect) => version;

/** member_rewards.programme.get_rules: the rules in effect on a day, the ones scheduled after it, and the history. */
export async function getRules(ctx: RequestContext, args: { loyalty_program?: string | null; date?: string }) {
  const program = await programName(ctx.db, args.loyalty_program);
  const day = args.date ?? today();
  const current = await rulesOrMissing(ctx.db, program, day);
  const start = await startingVersion(ctx.db, program);
  const [after, all] = await Promise.all([versionsAfter(ctx.db, program, day), versionsOf(ctx.db, program, 60)]);
  const older = all.filter((r) => r.effective_from <= day && r.id !== current.version).slice(0, 20);
  const history = older.map((r) => strip(fromRow(r, start!.rules)));
  if (current.version !== 0 && history.length < 20) history.push(strip(start!));
  return { loyalty_program: program, date: day, current: strip(current), scheduled: after.map((r) => strip(fromRow(r, start!.rules))), history };
}

/** The whole new version: the rules in effect that day with the given ones on top, checked as one document. */
async function nextRules(db: Executor, base: ProgrammeRules, changes: Record<string, unknown>): Promise<ProgrammeRules> {
  const unknown = Object.keys(changes).filter((k) => !(RULE_KEYS as string[]).includes(k));
  if (unknown.length) throw validationError(`Unknown rule: ${unknown[0]!.slice(0, 60)}`, 'unknown_rule');
  const parsed = v.safeParse(ProgrammeRulesSchema, { ...base, ...changes });
  if (!parsed.success) throw new FrappeError('ValidationError', describeIssues(parsed.issues), { code: 'invalid_rules' });
  const rules = { ...parsed.output, tiers: [...parsed.output.tiers].sort((a, b) => a.threshold - b.threshold) };
  const branches = [...new Set(rules.campaigns.flatMap((c) => c.branches))];
  const missing = await unknownBranches(db, branches);
  if (missing.length) throw validationError(`Branch ${missing[0]!.slice(0, 80)} not found`, 'branch_not_found');
  // An item that only some tiers may redeem must keep naming tiers that exist.
  const named = await tiersNamedByItems(db);
  const gone = named.filter((t) => !rules.tiers.some((x) => x.name === t));
  if (gone.length) throw validationError(`Tier ${gone[0]!.slice(0, 40)} is still named by rewards: change them first`, 'tier_in_use');
  return rules;
}

/**
 * member_rewards.programme.update_rules: a new version from `effective_from` (today or later; never the past, so
 * what members already earned keeps the rules it was earned under). Changes are checked as one whole document,
 * written with the audit row in one transaction; two managers saving at once queue on the programme's row.
 */
export async function updateRules(ctx: RequestContext, args: { rules: Record<string, unknown>; effective_from?: string; note?: string | null; loyalty_program?: string | null }) {
  const program = await programName(ctx.db, args.loyalty_program);
  const day = today();
  const from = args.effective_from ?? day;
  if (from < day) throw validationError('A change applies from today or a later day, never to the past', 'effective_in_past');
  await ctx.db.transaction(async (tx) => {
    const { before, rules, version } = await writeVersion(tx, { program, from, changes: args.rules, note: args.note || null, user: ctx.user.name });
    await audit(ctx, tx, {
      action: 'update_rules',
      doctype: 'Loyalty Program',
      name: program,
      before: { ...before.rules, version: before.version },
      after: { ...rules, version, effective_from: from },
      branch: null,
    });
  });
  return getRules(ctx, { loyalty_program: program, date: day });
}

/**
 * Writes a new version from `from`: the rules in effect that day with `changes` on top, in the caller's transaction
 * (which audits it), after taking the programme's row lock.
 */
export async function writeVersion(tx: Executor, input: { program: string; from: string; changes: Record<string, unknown>; note: string | null; user: string }) {
  if (!(await lockProgram(tx, input.program))) throw notFound(`Loyalty programme ${input.program.slice(0, 80)} not found`);
  const before = await rulesOrMissing(tx, input.program, input.from);
  const rules = await nextRules(tx, before.rules, input.changes);
  const row = await insertVersion(tx, { loyalty_program: input.program, effective_from: input.from, rules, note: input.note, created_by: input.user });
  return { before, rules, version: row.id };
}

/** Every tier name of every programme, today and in scheduled versions (an item's eligible tiers must be among them). */
export async function tierNames(db: Executor): Promise<string[]> {
  const day = today();
  const names = new Set<string>();
  for (const program of await programNames(db)) {
    const current = await rulesOn(db, program, day);
    const start = await startingVersion(db, program);
    for (const t of current?.rules.tiers ?? []) names.add(t.name);
    for (const row of await versionsAfter(db, program, day)) for (const t of fromRow(row, start!.rules).rules.tiers) names.add(t.name);
  }
  return [...names];
}

/** The default programme's name (null: none yet). */
export const defaultProgram = (db: Executor) => defaultProgramName(db);

export interface MemberEarning {
  earning: Earning;
  rules: RulesInEffect;
}

/**
 * What a receipt earns for a member: the member's tier that day and the rules in effect that day, through the same
 * computation as the simulator (earningFor). The till's award and a purchase's points both come from here.
 */
export async function earningForMember(
  db: Executor,
  input: { customer: string; program: Program; day: string; branch: string | null; lines: ReceiptLine[]; discount?: number },
): Promise<MemberEarning | null> {
  const standing = await standingOf(db, input.customer, input.day, input.program.name);
  if (!standing.rules) return null;
  const earning = earningFor(standing.rules.rules, {
    day: input.day,
    version: standing.rules.version,
    branch: input.branch,
    tier: standing.tier?.name ?? null,
    lines: input.lines,
    discount: input.discount,
  });
  return { earning, rules: standing.rules };
}

interface SimulateInput {
  amount?: number;
  lines?: { amount: number; item_group?: string | null }[];
  branch?: string | null;
  tier?: string | null;
  customer?: string | null;
  date?: string;
  loyalty_program?: string | null;
}

/**
 * member_rewards.programme.simulate_receipt: "this receipt earns N points for a Silver member at branch X today",
 * with the tier multiplier and the campaign that applied. With a customer, their tier that day and what the till's
 * daily cap still allows them.
 */
export async function simulateReceipt(ctx: RequestContext, args: SimulateInput) {
  const program = await programName(ctx.db, args.loyalty_program);
  const day = args.date ?? today();
  const rules = await rulesOrMissing(ctx.db, program, day);
  let tier = args.tier || null;
  if (tier && !rules.rules.tiers.some((t) => t.name === tier)) throw validationError(`Unknown tier: ${tier.slice(0, 40)}`, 'unknown_tier');
  let awarded: number | null = null;
  if (args.customer) {
    if (!(await customerExists(ctx.db, args.customer))) throw validationError(`Customer ${args.customer.slice(0, 80)} not found`, 'member_not_found');
    const standing = await standingOf(ctx.db, args.customer, day, program);
    tier = standing.tier?.name ?? null;
    awarded = await staffAwardedOn(ctx.db, { customer: args.customer }, day);
  }
  const lines = args.lines ?? [{ amount: args.amount!, item_group: null }];
  const earning = earningFor(rules.rules, { day, version: rules.version, branch: args.branch || null, tier, lines });
  const cap = rules.rules.daily_cap;
  return {
    ...earning,
    branch: args.branch || null,
    daily_cap: cap,
    cap_remaining: awarded === null ? null : Math.max(0, cap - awarded),
    over_cap: earning.points > (awarded === null ? cap : cap - awarded),
  };
}
