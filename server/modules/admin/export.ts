import { Readable } from 'node:stream';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../frappe/context';
import { EXPORT_COLUMNS, type ExportFilters } from '../../../contracts/admin';
import { today } from '../../../contracts/business-day';
import { audit } from '../audit/service';
import { BOM, csvLine } from './csv';
import { EXPORT_PAGES } from './export-repository';
import { logAccess } from '../privacy/access-log';

/** Rows read per query: what the server holds of an export at any moment. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * The export as a sequence of CSV chunks, one per page: the header (after a byte-order mark, so Excel reads the
 * Thai as UTF-8), then each page as it is read. Pulled by the response stream, so a page is read only when the
 * client has taken the previous one.
 */
export async function* exportChunks(
  db: Executor,
  filters: ExportFilters,
  pageSize = EXPORT_PAGE_SIZE,
  onPage?: (rows: unknown[][]) => Promise<void>,
): AsyncGenerator<string> {
  yield BOM + csvLine(EXPORT_COLUMNS[filters.kind]);
  const page = EXPORT_PAGES[filters.kind];
  let cursor: unknown[] | null = null;
  do {
    const { rows, next } = await page(db, filters, cursor, pageSize);
    if (rows.length && onPage) await onPage(rows);
    if (rows.length) yield rows.map(csvLine).join('');
    cursor = next;
  } while (cursor);
}

/**
 * member_rewards.admin.export: members, ledger, orders or audit as text/csv, streamed page by page from a keyset
 * cursor. The export itself is logged (personal data leaving the system) before the first byte goes out, and an
 * export of members writes an access-log row for each member before their page goes out.
 */
export async function exportCsv(ctx: RequestContext, filters: ExportFilters) {
  const { kind, ...rest } = filters;
  const given = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  await ctx.db.transaction((tx) => audit(ctx, tx, { action: 'export', doctype: 'Export', name: kind, after: { filters: given }, branch: null }));
  return ctx.reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${kind}-${today()}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(exportChunks(ctx.db, filters, EXPORT_PAGE_SIZE, kind === 'members' ? (rows) => logAccess(ctx, ctx.db, rows.map((r) => String(r[0])), 'export') : undefined), { objectMode: false }));
}
