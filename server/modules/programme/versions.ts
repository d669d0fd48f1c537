import * as v from 'valibot';
import type { Executor } from '../../db/client';
import { ProgrammeRulesSchema, type ProgrammeRules, type RulesVersion } from '../../../contracts/programme';
import { startingRules } from './rules';
import { numberSetting } from '../settings/repository';
import { programRow, tierTable, versionsOfProgram, type VersionRow } from './repository';

/** The settings key the till's per-member daily cap had before it became a rule, and its default. */
export const DAILY_CAP_SETTING = 'staff_award_daily_cap';
export const DAILY_CAP_DEFAULT = 500;

export interface RulesInEffect extends RulesVersion {
  loyalty_program: string;
}

/** Version 0: what the programme's row, its tier table and the settings said before any version was written. */
export async function startingVersion(db: Executor, program: string): Promise<RulesInEffect | null> {
  const row = await programRow(db, program);
  if (!row) return null;
  const tiers = await tierTable(db, program);
  const rules = startingRules(row, tiers, await numberSetting(db, DAILY_CAP_SETTING, DAILY_CAP_DEFAULT));
  return { loyalty_program: program, version: 0, effective_from: null, created_by: null, created_at: null, note: null, changes: rules, rules };
}

/**
 * Each version with the whole rules in effect from its day: the one before it with its changes on top, in the order
 * versions apply (day, then the order written). `base` is the starting rules.
 */
export function timeline(base: RulesInEffect, rows: readonly VersionRow[]): RulesInEffect[] {
  let rules = base.rules;
  return rows.map((row) => {
    rules = v.parse(ProgrammeRulesSchema, { ...rules, ...(row.rules as object) });
    return {
      loyalty_program: row.loyalty_program,
      version: row.id,
      effective_from: row.effective_from,
      created_by: row.created_by,
      created_at: row.created_at.toISOString(),
      note: row.note,
      changes: row.rules as Record<string, unknown>,
      rules,
    };
  });
}

/**
 * The rules of `program` in effect on `day` (null: no such programme): the versions up to that day folded in order.
 * Once a version has set every rule (the demo seed's, or any installation after its first full change) the starting
 * rules are not needed and this is one query (none when the caller read the versions along with its own query).
 */
export async function rulesOn(db: Executor, program: string, day: string, versions?: readonly VersionRow[]): Promise<RulesInEffect | null> {
  const rows = (versions ?? (await versionsOfProgram(db, program))).filter((r) => r.effective_from <= day);
  const complete = rulesFromVersions(program, rows);
  if (complete) return complete;
  const start = await startingVersion(db, program);
  if (!start) return null;
  const last = rows[rows.length - 1];
  return last ? timeline(start, rows).at(-1)! : start;
}

/**
 * The rules the versions in effect (in the order they apply) give on their own, without the starting rules:
 * undefined until some version has set every rule. Reads nothing but its arguments.
 */
export function rulesFromVersions(program: string, rows: readonly VersionRow[]): RulesInEffect | undefined {
  const last = rows[rows.length - 1];
  if (!last) return undefined;
  const folded = Object.assign({}, ...rows.map((r) => r.rules as object)) as Record<string, unknown>;
  if (!v.is(ProgrammeRulesSchema, folded)) return undefined;
  return timeline({ ...emptyBase(program), rules: folded as ProgrammeRules }, [last])[0]!;
}

const emptyBase = (program: string): Omit<RulesInEffect, 'rules'> => ({
  loyalty_program: program,
  version: 0,
  effective_from: null,
  created_by: null,
  created_at: null,
  note: null,
  changes: {},
});
