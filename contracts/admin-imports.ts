import * as v from 'valibot';
import { methodContract } from './contract';
import { yesNo } from './args';

/** The back office's points import (member_rewards.admin.import_points): opening balances from a CSV file. */

export const IMPORT_METHODS = { importPoints: 'member_rewards.admin.import_points' } as const;
const M = IMPORT_METHODS;

/** An imported row without a reason gets this one. */
export const IMPORT_DEFAULT_REASON = 'opening_balance';
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_CHARS = 900_000;

/** Columns of an import file (the first line names them; order is free). A row needs phone or member. */
export const IMPORT_COLUMNS = ['phone', 'member', 'points', 'reason', 'expiry_date'] as const;

export const IMPORT_ROW_CODES = [
  'member_missing',
  'member_not_found',
  'duplicate_member',
  'invalid_points',
  'unknown_reason',
  'invalid_expiry',
  'wrong_column_count',
] as const;
export type ImportRowCode = (typeof IMPORT_ROW_CODES)[number];

export const ImportPointsArgs = v.looseObject({
  csv: v.pipe(
    v.string('Attach the CSV file'),
    v.minLength(1, 'Attach the CSV file'),
    v.maxLength(IMPORT_MAX_CHARS, `The file is too large: at most ${IMPORT_MAX_CHARS} characters`),
  ),
  /** On by default: a dry run checks every row and writes nothing. */
  dry_run: v.optional(yesNo('dry_run must be 0 or 1'), true),
});

export const ImportRowErrorSchema = v.object({
  /** The line of the file (the header is line 1). */
  line: v.number(),
  column: v.nullable(v.string()),
  code: v.picklist(IMPORT_ROW_CODES),
  message: v.string(),
});
export type ImportRowError = v.InferOutput<typeof ImportRowErrorSchema>;

export const ImportPointsAnswer = v.object({
  dry_run: v.boolean(),
  /** SHA-256 of the file's content: a file commits once. */
  file_hash: v.string(),
  rows: v.number(),
  valid_rows: v.number(),
  total_points: v.number(),
  errors: v.array(ImportRowErrorSchema),
  committed: v.boolean(),
  /** This very file was committed before: nothing was written this time. */
  already_imported: v.boolean(),
});
export type ImportPointsResult = v.InferOutput<typeof ImportPointsAnswer>;

/**
 * Opening balances: a CSV whose first line names its columns (`points` and `phone` or `member`; optional `reason`,
 * `expiry_date`), UTF-8 with or without BOM, at most 10,000 rows. A dry run (the default) answers the rows, the valid
 * ones, the points, the errors (`{line, column, code, message}`), the file's hash and whether it was imported already,
 * and writes nothing. `dry_run=0` writes every row or none (417 `import_has_errors` with the `errors`), one `adjust`
 * entry per member (source `import`, the row's expiry or the programme's), once per file content: the same file again
 * answers `already_imported` and changes nothing, also when sent twice at once. Audited.
 */
export const IMPORT_POINTS = methodContract(M.importPoints, ImportPointsArgs, ImportPointsAnswer);
