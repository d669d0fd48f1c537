import * as v from 'valibot';
import { rawMethodContract } from './contract';
import { filterText, yesNo } from './args';
import { isoDay } from './dates';
import { ENTRY_TYPES } from './loyalty';

/** The back office's CSV exports (member_rewards.admin.export): members, the ledger, orders and the audit log. */

export const EXPORT_METHODS = { export: 'member_rewards.admin.export' } as const;
const M = EXPORT_METHODS;

export const EXPORT_KINDS = ['members', 'ledger', 'orders', 'audit'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The header line of each export (the answer is text/csv, UTF-8 with a byte-order mark). */
export const EXPORT_COLUMNS = {
  members: ['customer', 'full_name', 'mobile_no', 'email', 'member_since', 'loyalty_points', 'blocked'],
  ledger: ['name', 'customer', 'entry_type', 'source', 'loyalty_points', 'posting_date', 'expiry_date', 'invoice', 'reason', 'note', 'member_text', 'staff_user', 'receipt_no', 'creation'],
  orders: ['name', 'customer', 'order_type', 'posting_date', 'status', 'grand_total', 'loyalty_points', 'payment_method', 'delivery_method', 'branch', 'creation'],
  audit: ['name', 'creation', 'user', 'role', 'branch', 'action', 'ref_doctype', 'ref_name', 'before', 'after', 'ip'],
} as const satisfies Record<ExportKind, readonly string[]>;

/** Filters apply to the kinds that have the field: from/to on the day (posting, creation), the rest as equality. */
export const ExportArgs = v.pipe(
  v.looseObject({
    kind: v.picklist(EXPORT_KINDS, `kind must be one of ${EXPORT_KINDS.join(', ')}`),
    from_date: v.optional(isoDay('from_date must be a date (YYYY-MM-DD)')),
    to_date: v.optional(isoDay('to_date must be a date (YYYY-MM-DD)')),
    customer: filterText('customer'),
    branch: filterText('branch'),
    entry_type: v.optional(v.picklist(ENTRY_TYPES, `entry_type must be one of ${ENTRY_TYPES.join(', ')}`)),
    order_type: v.optional(v.picklist(['redemption', 'purchase'], 'order_type must be redemption or purchase')),
    status: filterText('status'),
    user: filterText('user'),
    action: filterText('action'),
    ref_doctype: filterText('ref_doctype'),
    blocked: v.optional(yesNo('blocked must be 0 or 1')),
  }),
  v.check((a) => !a.from_date || !a.to_date || a.from_date <= a.to_date, 'from_date must not be after to_date'),
);
export type ExportFilters = v.InferOutput<typeof ExportArgs>;

/**
 * `kind` is `members`, `ledger`, `orders` or `audit`; the other arguments filter its rows.
 *
 * A download, not an answer (the app links to it): `text/csv; charset=utf-8` with a byte-order mark (Thai opens in
 * Excel) and `content-disposition: attachment`; the header line is `EXPORT_COLUMNS[kind]`. Rows are read 1,000 at a
 * time from a keyset cursor and streamed as the client reads, so no export holds more than a page; text a spreadsheet
 * would run as a formula is prefixed with `'`. The export itself is audited.
 */
export const EXPORT_DATA = rawMethodContract(M.export, ExportArgs);
