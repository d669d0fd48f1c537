import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createMember, createTestServer, Session, type TestServer } from '../../support/server';
import { ADMIN_METHODS as M, EXPORT_COLUMNS, type ExportFilters } from '../../../contracts/admin';
import { loyaltyPointEntries } from '../../../server/db/schema/loyalty';
import { users } from '../../../server/db/schema/auth';
import { addDays } from '../../../server/modules/loyalty/ledger';
import { today } from '../../../contracts/business-day';
import { exportChunks } from '../../../server/modules/admin/export';
import { csvLine, parseCsv } from '../../../server/modules/admin/csv';
import { balance, givePoints } from '../orders/support';
import { auditOf, errorCode, managers, message } from './support';

vi.setConfig({ testTimeout: 30_000 });

let server: TestServer;
let lm: Session;
let bm: Session;
let a: Awaited<ReturnType<typeof createMember>>;
let b: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  server = await createTestServer({ seedDemo: true });
  ({ loyalty: lm, branch: bm } = await managers(server));
  a = await createMember(server, { phone: '0811111111' });
  b = await createMember(server, { phone: '0822222222' });
}, 120_000);
afterAll(() => server.close());

const later = addDays(today(), 200);
const entries = (customer: string) => server.database.db.select().from(loyaltyPointEntries).where(eq(loyaltyPointEntries.customer, customer));

describe('import_points', () => {
  it('a dry run lists every bad row with its line and code and writes nothing', async () => {
    const csv = [
      'phone,member,points,reason,expiry_date',
      `081-111-1111,,120,opening_balance,${later}`,
      ',CUST-NOBODY,10,,',
      '0899999999,,10,,',
      `,${b.customer},ten,,`,
      `,${b.customer},10,vip,`,
      `,${b.customer},10,,2020-01-01`,
      '0811111111,,5,,',
      ',,5,,',
      '0822222222,,5',
    ].join('\r\n');
    const res = await lm.call(M.importPoints, { csv });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json().message;
    expect(out).toMatchObject({ dry_run: true, rows: 9, valid_rows: 1, total_points: 120, committed: false, already_imported: false });
    // Every field's problem, line by line (b is found on lines 5 to 7: only the first good line would claim them).
    expect(out.errors.map((e: { line: number; code: string }) => [e.line, e.code])).toEqual([
      [3, 'member_not_found'], [4, 'member_not_found'], [5, 'invalid_points'], [6, 'unknown_reason'], [7, 'invalid_expiry'],
      [8, 'duplicate_member'], [9, 'member_missing'], [10, 'wrong_column_count'],
    ]);
    expect(out.errors[2]).toMatchObject({ column: 'points', message: 'Points must be a whole number from 1 to 1000000' });
    expect(await entries(a.customer)).toEqual([]);
    const commit = await lm.call(M.importPoints, { csv, dry_run: 0 });
    expect(commit.statusCode).toBe(417);
    expect(errorCode(commit)).toBe('import_has_errors');
    expect(commit.json().errors).toHaveLength(8);
    expect(await entries(a.customer)).toEqual([]);
  });

  it('commits a clean file all at once and only once, even when sent twice at the same moment', async () => {
    const csv = `\uFEFFmember,points,reason,expiry_date\r\n${a.customer},120,opening_balance,${later}\r\n${b.customer},80,,\r\n`;
    const dry = (await lm.call(M.importPoints, { csv })).json().message;
    expect(dry).toMatchObject({ rows: 2, valid_rows: 2, total_points: 200, errors: [] });
    const [first, second] = await Promise.all([lm.call(M.importPoints, { csv, dry_run: 0 }), lm.call(M.importPoints, { csv, dry_run: 0 })]);
    const answers = [first.json().message, second.json().message];
    expect(answers.filter((x) => x.committed)).toHaveLength(1);
    expect(answers.filter((x) => x.already_imported)).toHaveLength(1);
    expect(await balance(server, a.customer)).toBe(120);
    expect(await balance(server, b.customer)).toBe(80);
    const [entry] = await entries(a.customer);
    expect(entry).toMatchObject({ entry_type: 'adjust', source: 'import', reason: 'opening_balance', expiry_date: later, staff_user: 'loyalty@example.com' });
    // The same content with other line endings is the same file.
    const again = await lm.call(M.importPoints, { csv: csv.replace(/\r\n/g, '\n'), dry_run: 0 });
    expect(again.json().message).toMatchObject({ committed: false, already_imported: true });
    expect((await lm.call(M.importPoints, { csv })).json().message.already_imported).toBe(true);
    expect(await balance(server, a.customer)).toBe(120);
    expect((await auditOf(server, dry.file_hash)).map((r) => [r.action, r.after])).toEqual([['import_points', { rows: 2, total_points: 200 }]]);
  });

  it('refuses an expiry past 2200-12-31 on its line, like a day already gone', async () => {
    const csv = ['member,points,expiry_date', `${a.customer},5,9999-12-31`, `${b.customer},5,2200-12-31`].join('\r\n');
    const res = await lm.call(M.importPoints, { csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.errors).toEqual([
      { line: 2, column: 'expiry_date', code: 'invalid_expiry', message: 'Expiry date must be a day after today, at most 2200-12-31 (YYYY-MM-DD)' },
    ]);
  });

  it('refuses a file whose header it does not know, and is the Loyalty Manager’s only', async () => {
    const bad = await lm.call(M.importPoints, { csv: 'mobile,pts\n0811111111,5' });
    expect(bad.statusCode).toBe(417);
    expect(errorCode(bad)).toBe('import_bad_header');
    expect((await bm.call(M.importPoints, { csv: 'phone,points\n0811111111,5' })).statusCode).toBe(403);
  });
});

/** The cells of one line as a spreadsheet splits it on `sep`: a quote opens a quoted cell only at the start of one. */
function spreadsheetCells(line: string, sep: string): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i <= line.length) {
    let cell = '';
    if (line[i] === '"') {
      for (i += 1; i < line.length && !(line[i] === '"' && line[i + 1] !== '"'); i += 1) {
        cell += line[i];
        if (line[i] === '"') i += 1; // a doubled quote is one
      }
      i += 1;
    }
    while (i < line.length && line[i] !== sep) cell += line[i++];
    cells.push(cell);
    i += 1;
  }
  return cells;
}

describe('export', () => {
  const download = (s: Session, args: Record<string, unknown>) => s.call(M.export, args, 'GET');
  const rowsOf = (body: string) => parseCsv(body).map((r) => r.fields);

  it('answers text/csv, UTF-8 with a byte-order mark, Thai intact, for each kind', async () => {
    await server.database.db.update(users).set({ full_name: 'สมศรี มีสุข' }).where(eq(users.name, a.name));
    for (const kind of ['members', 'ledger', 'orders', 'audit'] as const) {
      const res = await download(lm, { kind });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${kind}-${today()}.csv"`);
      expect(res.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
      expect(rowsOf(res.body)[0]).toEqual([...EXPORT_COLUMNS[kind]]);
    }
    const members = rowsOf((await download(lm, { kind: 'members', customer: a.customer })).body);
    expect(members).toEqual([[...EXPORT_COLUMNS.members], [a.customer, 'สมศรี มีสุข', '0811111111', a.name, expect.any(String), '120', '0']]);
  });

  it('filters the ledger by member, entry type and days; neutralises spreadsheet formulas', async () => {
    const m = await createMember(server);
    await server.database.db.update(users).set({ full_name: '=HYPERLINK("http://evil")' }).where(eq(users.name, m.name));
    await givePoints(server, m.customer, 7);
    const ledger = rowsOf((await download(lm, { kind: 'ledger', customer: m.customer, entry_type: 'adjust', from_date: today(), to_date: today() })).body);
    expect(ledger).toHaveLength(2);
    expect(ledger[1]!.slice(1, 5)).toEqual([m.customer, 'adjust', 'adjustment', '7']);
    expect(rowsOf((await download(lm, { kind: 'ledger', customer: m.customer, entry_type: 'redeem' })).body)).toHaveLength(1);
    expect(rowsOf((await download(lm, { kind: 'ledger', customer: m.customer, to_date: addDays(today(), -1) })).body)).toHaveLength(1);
    const members = rowsOf((await download(lm, { kind: 'members', customer: m.customer })).body);
    expect(members[1]![1]).toBe(`'=HYPERLINK("http://evil")`);
    const refused = await download(lm, { kind: 'ledger', from_date: '2026-02-30' });
    expect(refused.statusCode).toBe(417);
    expect((await download(bm, { kind: 'members' })).statusCode).toBe(403);
    const logged = (await auditOf(server, 'ledger')).filter((r) => r.action === 'export');
    expect(logged.at(-1)).toMatchObject({ user: 'loyalty@example.com', ref_doctype: 'Export', after: { filters: { customer: m.customer, to_date: addDays(today(), -1) } } });
  });

  it('refuses a day the database cannot hold with a 417 and its code before anything is sent, and audits nothing', async () => {
    const exports = async () => (await auditOf(server, 'members')).length + (await auditOf(server, 'ledger')).length;
    const before = await exports();
    for (const args of [
      { kind: 'members', from_date: '0000-01-01' },
      { kind: 'ledger', to_date: '9999-12-31' },
      { kind: 'ledger', from_date: '1899-12-31', to_date: today() },
      { kind: 'members', from_date: today(), to_date: '2201-01-01' },
    ]) {
      const res = await download(lm, args);
      expect(res.statusCode, JSON.stringify(args)).toBe(417);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(errorCode(res)).toBe('date_out_of_range');
      expect(message(res)).toBe('Dates must be from 1900-01-01 to 2200-12-31');
    }
    expect(await exports()).toBe(before);
    // The edges themselves are days like any other.
    expect((await download(lm, { kind: 'ledger', from_date: '1900-01-01', to_date: '2200-12-31' })).statusCode).toBe(200);
  });

  it('an export sent again with the same Idempotency-Key is run again: the same file, audited again', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 9);
    const key = `export-${m.customer}`;
    const send = () => lm.call(M.export, { kind: 'ledger', customer: m.customer }, 'POST', { 'idempotency-key': key });
    const first = await send();
    const again = await send();
    for (const res of [first, again]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['idempotent-replayed']).toBeUndefined();
      expect(rowsOf(res.body).map((r) => r.slice(1, 5))).toEqual([EXPORT_COLUMNS.ledger.slice(1, 5), [m.customer, 'adjust', 'adjustment', '9']]);
    }
    expect(again.body).toBe(first.body);
    const logged = (await auditOf(server, 'ledger')).filter((r) => r.action === 'export' && (r.after as { filters?: { customer?: string } }).filters?.customer === m.customer);
    expect(logged).toHaveLength(2);
  });

  it('quotes a cell holding a semicolon, so a spreadsheet splitting on ";" cannot start a formula inside it', async () => {
    const m = await createMember(server);
    const name = "x;=cmd|' /C calc'!A0;";
    await server.database.db.update(users).set({ full_name: name }).where(eq(users.name, m.name));
    const body = (await download(lm, { kind: 'members', customer: m.customer })).body;
    const line = body.split('\r\n')[1]!;
    // Read with commas: one quoted cell, its formula part behind an apostrophe.
    expect(line).toContain(`,"x;'=cmd|' /C calc'!A0;",`);
    expect(rowsOf(body)[1]![1]).toBe("x;'=cmd|' /C calc'!A0;");
    // Read as a spreadsheet set to split on ";" reads it (a quote opens a quoted cell only at the cell's start).
    expect(spreadsheetCells(line, ';').filter((c) => /^[=+\-@]/.test(c))).toEqual([]);
    expect(spreadsheetCells(line, ',').filter((c) => /^[=+\-@]/.test(c))).toEqual([]);
    // After a comma nothing changes: a reader splitting on commas keeps the quoted field whole (JSON stays JSON).
    expect(parseCsv(csvLine(['[1,-2]', 'a,=b']))[0]!.fields).toEqual(['[1,-2]', 'a,=b']);
  });

  it('reads an export a page at a time from a keyset cursor: never more than a page in hand', async () => {
    const m = await createMember(server);
    const program = { name: 'Member Rewards', expiry_duration: 365 };
    // Rows sharing a creation time too: the cursor is (creation, name), so none is skipped or repeated.
    const rows = Array.from({ length: 250 }, (_, i) => ({
      name: `LPE-PAGE-${String(i).padStart(4, '0')}`, customer: m.customer, loyalty_program: program.name, loyalty_points: 1,
      posting_date: today(), expiry_date: later, source: 'purchase', creation: `2026-01-01 00:00:00.${String(Math.floor(i / 3)).padStart(6, '0')}`,
    }));
    await server.database.db.insert(loyaltyPointEntries).values(rows);
    const filters = { kind: 'ledger', customer: m.customer } as ExportFilters;
    const chunks: string[] = [];
    for await (const chunk of exportChunks(server.database.db, filters, 100)) chunks.push(chunk);
    expect(chunks.map((c) => parseCsv(c).length)).toEqual([1, 100, 100, 50]);
    const names = chunks.slice(1).flatMap((c) => parseCsv(c).map((r) => r.fields[0]));
    expect(new Set(names).size).toBe(250);
    expect(names).toEqual([...names].sort());
  });
});
