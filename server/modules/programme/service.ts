import * as v from 'valibot';
import type { RequestContext } from '../../frappe/context';
import type { Executor } from '../../db/client';
import { FrappeError, notFound, validationError } from '../../frappe/errors';
import { describeIssues } from '../../frappe/methods';
import { today } from '../../../contracts/business-day';
import { ProgrammeRulesSchema, RULE_KEYS, type Earning, type ProgrammeRules } from '../../../contracts/programme';
import { audit } from '../audit/service';
import { standingOf, type Program } from '../loyalty/ledger';
import { staffAwardedOn } from '../staff/repository';
import { earningFor, type ReceiptLine } from './rules';
import { customerExists, defaultProgramName, insertVersion, lockProgram, programNames, tiersNamedByItems, unknownBranches, versionsOfProgram } from './repository';
import { rulesOn, startingVersion, timeline, type RulesInEffect } from './versions';

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

/** The programme's starting rules and every version with the whole rules from its day, in the order they apply. */
async function programTimeline(db: Executor, program: string) {
  const start = await startingVersion(db, program);
  if (!start) throw notFound(`Loyalty programme ${program.slice(0, 80)} not found`);
  return { start, versions: timeline(start, await versionsOfProgram(db, program)) };
}

/** member_rewards.programme.get_rules: the rules in effect on a day, the versions scheduled after it, and the history. */
export async function getRules(ctx: RequestContext, args: { loyalty_program?: string | null; date?: string }) {
  const program = await programName(ctx.db, args.loyalty_program);
  const day = args.date ?? today();
  const { start, versions } = await programTimeline(ctx.db, program);
  const past = versions.filter((x) => x.effective_from! <= day);
  const current = past.at(-1) ?? start;
  const history = [...past.slice(0, -1).reverse(), ...(past.length ? [start] : [])].slice(0, 20);
  return { loyalty_program: program, date: day, current: strip(current), scheduled: versions.filter((x) => x.effective_from! > day).map(strip), history: history.map(strip) };
}

/** Checks what the contract cannot: the campaigns' branches exist, and no reward names a tier the rules drop. */
async function checkRules(db: Executor, rules: ProgrammeRules, from: string) {
  const missing = await unknownBranches(db, [...new Set(rules.campaigns.flatMap((c) => c.branches))]);
  if (missing.length) throw validationError(`Branch ${missing[0]!.slice(0, 80)} not found`, 'branch_not_found');
  const gone = (await tiersNamedByItems(db)).filter((t) => !rules.tiers.some((x) => x.name === t));
  if (gone.length) throw validationError(`Tier ${gone[0]!.slice(0, 40)} is still named by rewards (rules from ${from}): change them first`, 'tier_in_use');
}

const ruleError = (issues: readonly v.BaseIssue<unknown>[], scheduled: string | null) =>
  new FrappeError('ValidationError', `${describeIssues(issues)}${scheduled ? ` (in the rules scheduled from ${scheduled})` : ''}`, { code: 'invalid_rules' });

/**
 * member_rewards.programme.update_rules: a new version from `effective_from` (today or later; never the past, so
 * what members already earned keeps the rules it was earned under), written with the audit row in one transaction;
 * two managers saving at once queue on the programme's row.
 */
export async function updateRules(ctx: RequestContext, args: { rules: Record<string, unknown>; effective_from?: string; note?: string | null; loyalty_program?: string | null }) {
  const program = await programName(ctx.db, args.loyalty_program);
  const day = today();
  const from = args.effective_from ?? day;
  if (from < day) throw validationError('A change applies from today or a later day, never to the past', 'effective_in_past');
  await ctx.db.transaction(async (tx) => {
    const { before, changes, version } = await writeVersion(tx, { program, from, changes: args.rules, note: args.note || null, user: ctx.user.name });
    // The log keeps what changed, beside what those rules were for that day before.
    await audit(ctx, tx, {
      action: 'update_rules',
      doctype: 'Loyalty Program',
      name: program,
      before: { ...Object.fromEntries(Object.keys(changes).map((k) => [k, before.rules[k as keyof ProgrammeRules]])), version: before.version },
      after: { ...changes, version, effective_from: from, note: args.note || null },
      branch: null,
    });
  });
  return getRules(ctx, { loyalty_program: program, date: day });
}

/**
 * Writes a new version from `from` holding `changes`, in the caller's transaction (which audits it), after taking the
 * programme's row lock. A change runs on until a later-dated version changes the same rule, so the rules of every
 * day from `from` on are checked as whole documents, the scheduled versions' days included.
 */
export async function writeVersion(tx: Executor, input: { program: string; from: string; changes: Record<string, unknown>; note: string | null; user: string }) {
  if (!(await lockProgram(tx, input.program))) throw notFound(`Loyalty programme ${input.program.slice(0, 80)} not found`);
  const unknown = Object.keys(input.changes).filter((k) => !(RULE_KEYS as string[]).includes(k));
  if (unknown.length) throw validationError(`Unknown rule: ${unknown[0]!.slice(0, 60)}`, 'unknown_rule');
  const { start, versions } = await programTimeline(tx, input.program);
  const before = versions.filter((x) => x.effective_from! <= input.from).at(-1) ?? start;
  const parsed = v.safeParse(ProgrammeRulesSchema, { ...before.rules, ...input.changes });
  if (!parsed.success) throw ruleError(parsed.issues, null);
  const rules = { ...parsed.output, tiers: [...parsed.output.tiers].sort((a, b) => a.threshold - b.threshold) };
  // Stored as the contract normalised it (numbers from strings, tiers by threshold).
  const changes = Object.fromEntries(Object.keys(input.changes).map((k) => [k, rules[k as keyof ProgrammeRules]]));
  await checkRules(tx, rules, input.from);
  let running: ProgrammeRules = rules;
  for (const later of versions.filter((x) => x.effective_from! > input.from)) {
    const next = v.safeParse(ProgrammeRulesSchema, { ...running, ...later.changes });
    if (!next.success) throw ruleError(next.issues, later.effective_from);
    running = next.output;
    await checkRules(tx, running, later.effective_from!);
  }
  const row = await insertVersion(tx, { loyalty_program: input.program, effective_from: input.from, rules: changes, note: input.note, created_by: input.user });
  return { before, rules, changes, version: row.id };
}

/** Every tier name of every programme, today and in scheduled versions (an item's eligible tiers must be among them). */
export async function tierNames(db: Executor): Promise<string[]> {
  const day = today();
  const names = new Set<string>();
  for (const program of await programNames(db)) {
    const { start, versions } = await programTimeline(db, program);
    const current = versions.filter((x) => x.effective_from! <= day).at(-1) ?? start;
    for (const x of [current, ...versions.filter((y) => y.effective_from! > day)]) for (const t of x.rules.tiers) names.add(t.name);
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
