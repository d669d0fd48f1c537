import { createHash } from 'node:crypto';
import type { RequestContext } from '../../frappe/context';
import { FrappeError, validationError } from '../../frappe/errors';
import { normalisePhone } from '../../../contracts/account';
import {
  ADJUST_LIMIT, IMPORT_COLUMNS, IMPORT_DEFAULT_REASON, IMPORT_MAX_ROWS, type ImportPointsResult, type ImportRowCode, type ImportRowError,
} from '../../../contracts/admin';
import { batchRow, expiryOn, type Program } from '../loyalty/ledger';
import { today } from '../../../contracts/business-day';
import { isPlausibleDay, LAST_DAY } from '../../../contracts/dates';
import { audit } from '../audit/service';
import { parseCsv } from './csv';
import { adjustmentReasons } from './points';
import { allPrograms, claimImport, committedImport, customersByName, customersByPhone, insertEntries } from './repository';

/** The file's identity: its text without a byte-order mark, with unified line ends and no trailing blank lines. */
export function contentHash(text: string): string {
  const normal = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').replace(/\s+$/, '');
  return createHash('sha256').update(normal, 'utf8').digest('hex');
}

interface PlannedRow {
  line: number;
  customer: string;
  program: Program;
  points: number;
  reason: string;
  expiry: string | null;
}

/** The header: known column names (any order, any case); the file needs points and phone or member. */
function columnsOf(header: string[]): Map<string, number> {
  const names = header.map((h) => h.trim().toLowerCase());
  const unknown = names.filter((n) => !(IMPORT_COLUMNS as readonly string[]).includes(n));
  if (unknown.length || !names.includes('points') || !(names.includes('phone') || names.includes('member'))) {
    throw validationError(
      `The first line must name the columns: points, and phone or member (optional: reason, expiry_date)${unknown.length ? `; unknown: ${unknown.join(', ').slice(0, 100)}` : ''}`,
      'import_bad_header',
    );
  }
  return new Map(names.map((n, i) => [n, i]));
}

/** Checks every row and plans the entries; nothing is written. */
async function plan(ctx: RequestContext, text: string) {
  const [header, ...data] = parseCsv(text);
  if (!header) throw validationError('The file is empty', 'import_bad_header');
  const cols = columnsOf(header.fields);
  if (data.length > IMPORT_MAX_ROWS) throw validationError(`At most ${IMPORT_MAX_ROWS} rows can be imported at once`, 'import_bad_header');
  const cell = (fields: string[], name: string) => (cols.has(name) ? (fields[cols.get(name)!] ?? '').trim() : '');

  const phones = data.map((r) => normalisePhone(cell(r.fields, 'phone'))).filter((p): p is string => Boolean(p));
  const numbers = data.map((r) => cell(r.fields, 'member').toUpperCase()).filter(Boolean);
  const [byPhone, byNumber, programs, reasons] = await Promise.all([
    customersByPhone(ctx.db, [...new Set(phones)]),
    customersByName(ctx.db, [...new Set(numbers)]),
    allPrograms(ctx.db),
    adjustmentReasons(ctx.db),
  ]);
  const phoneMap = new Map(byPhone.map((r) => [r.phone!, r]));
  const numberMap = new Map(byNumber.map((r) => [r.key, r]));
  const programMap = new Map(programs.map((p) => [p.name, p]));
  const asOf = today();

  const errors: ImportRowError[] = [];
  const rows: PlannedRow[] = [];
  const seen = new Set<string>();
  for (const { line, fields } of data) {
    const fail = (column: string | null, code: ImportRowCode, message: string) => errors.push({ line, column, code, message });
    if (fields.length !== header.fields.length) {
      fail(null, 'wrong_column_count', `Line ${line} has ${fields.length} fields; the header names ${header.fields.length}`);
      continue;
    }
    const phoneText = cell(fields, 'phone');
    const number = cell(fields, 'member').toUpperCase();
    let found: { customer: string; program: string | null } | undefined;
    if (number) found = numberMap.get(number);
    else if (phoneText) found = phoneMap.get(normalisePhone(phoneText) ?? '');
    if (!number && !phoneText) fail(null, 'member_missing', 'Give the phone or the member number');
    else if (!found) fail(number ? 'member' : 'phone', 'member_not_found', `No member with ${number ? 'member number' : 'phone'} ${(number || phoneText).slice(0, 40)}`);
    else if (seen.has(found.customer)) fail(number ? 'member' : 'phone', 'duplicate_member', 'This member is already on an earlier line');

    const pointsText = cell(fields, 'points');
    const points = /^\d{1,7}$/.test(pointsText) ? Number(pointsText) : NaN;
    if (!(points >= 1 && points <= ADJUST_LIMIT)) fail('points', 'invalid_points', `Points must be a whole number from 1 to ${ADJUST_LIMIT}`);

    const reason = cell(fields, 'reason') || IMPORT_DEFAULT_REASON;
    if (reason !== IMPORT_DEFAULT_REASON && !reasons.includes(reason)) fail('reason', 'unknown_reason', `Unknown reason: ${reason.slice(0, 60)}`);

    const expiry = cell(fields, 'expiry_date') || null;
    if (expiry !== null && (!isPlausibleDay(expiry) || expiry <= asOf)) {
      fail('expiry_date', 'invalid_expiry', `Expiry date must be a day after today, at most ${LAST_DAY} (YYYY-MM-DD)`);
    }

    if (errors.length && errors[errors.length - 1]!.line === line) continue;
    seen.add(found!.customer);
    const program = (found!.program && programMap.get(found!.program)) || programs[0];
    if (!program) throw validationError("Customer isn't enrolled in any Loyalty Program");
    rows.push({ line, customer: found!.customer, program, points, reason, expiry });
  }
  return { rows, errors, total: data.length };
}

/**
 * member_rewards.admin.import_points: opening balances from a CSV (phone or member number, points, reason, expiry
 * date). A dry run (the default) answers every row's errors and writes nothing. A commit writes every row or
 * none (one transaction) and only once per file content: the same file committed again changes nothing.
 */
export async function importPoints(ctx: RequestContext, args: { csv: string; dry_run: boolean }): Promise<ImportPointsResult> {
  const hash = contentHash(args.csv);
  const { rows, errors, total } = await plan(ctx, args.csv);
  const totalPoints = rows.reduce((s, r) => s + r.points, 0);
  const answer = (committed: boolean, already: boolean): ImportPointsResult => ({
    dry_run: args.dry_run,
    file_hash: hash,
    rows: total,
    valid_rows: rows.length,
    total_points: totalPoints,
    errors,
    committed,
    already_imported: already,
  });
  if (args.dry_run) return answer(false, (await committedImport(ctx.db, hash)) !== null);
  if (errors.length) {
    throw new FrappeError('ValidationError', `The file has ${errors.length} row error(s): nothing was imported`, {
      code: 'import_has_errors',
      extra: { errors: errors.slice(0, 200) },
    });
  }
  const day = today();
  // A row without its own expiry date gets the expiry policy its programme has today.
  const expiries = new Map<string, string>();
  for (const p of new Set(rows.map((r) => r.program))) expiries.set(p.name, await expiryOn(ctx.db, p, day));
  const committed = await ctx.db.transaction(async (tx) => {
    // The claim is the idempotency: a second commit of the same file (even a concurrent one) finds it taken.
    if (!(await claimImport(tx, { content_hash: hash, user: ctx.user.name, rows: rows.length, total_points: totalPoints }))) return false;
    await insertEntries(
      tx,
      rows.map((r) =>
        batchRow({
          customer: r.customer,
          program: r.program,
          points: r.points,
          source: 'import',
          postingDate: day,
          expiryDate: r.expiry ?? expiries.get(r.program.name)!,
          reason: r.reason,
          note: `Import ${hash.slice(0, 12)} line ${r.line}`,
          staffUser: ctx.user.name,
        }),
      ),
    );
    await audit(ctx, tx, { action: 'import_points', doctype: 'Points Import', name: hash, after: { rows: rows.length, total_points: totalPoints }, branch: null });
    return true;
  });
  return answer(committed, !committed);
}
