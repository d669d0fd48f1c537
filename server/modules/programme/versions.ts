import * as v from 'valibot';
import type { Executor } from '../../db/client';
import { ProgrammeRulesSchema, type ProgrammeRules, type RulesVersion } from '../../../contracts/programme';
import { startingRules } from './rules';
import { programRow, settingNumber, tierTable, versionOn, type VersionRow } from './repository';

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
  const [tiers, cap] = await Promise.all([tierTable(db, program), settingNumber(db, DAILY_CAP_SETTING)]);
  return {
    loyalty_program: program,
    version: 0,
    effective_from: null,
    created_by: null,
    created_at: null,
    note: null,
    rules: startingRules(row, tiers, cap ?? DAILY_CAP_DEFAULT),
  };
}

/** A stored version; rules added since it was written take their values from the starting rules. */
export function fromRow(row: VersionRow, base: ProgrammeRules | null): RulesInEffect {
  return {
    loyalty_program: row.loyalty_program,
    version: row.id,
    effective_from: row.effective_from,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    note: row.note,
    rules: v.parse(ProgrammeRulesSchema, base ? { ...base, ...(row.rules as object) } : row.rules),
  };
}

/** The rules of `program` in effect on `day` (null: no such programme). One query when a version is written. */
export async function rulesOn(db: Executor, program: string, day: string): Promise<RulesInEffect | null> {
  const row = await versionOn(db, program, day);
  if (row && v.is(ProgrammeRulesSchema, row.rules)) return fromRow(row, null);
  const start = await startingVersion(db, program);
  if (!start) return null;
  return row ? fromRow(row, start.rules) : start;
}
