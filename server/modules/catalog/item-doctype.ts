import { eq } from 'drizzle-orm';
import type { DoctypeDef } from '../../frappe/doctypes';
import { isAllowed, type RequestContext } from '../../frappe/context';
import { FrappeError, validationError } from '../../frappe/errors';
import { parseWith } from '../../frappe/methods';
import type { Executor } from '../../db/client';
import { items } from '../../db/schema/catalog';
import { ITEM } from '../../../contracts/catalog';
import { CATALOG_ADMIN_ROLES, ITEM_MESSAGES as M, ITEM_WRITABLE, ItemCreateSchema, ItemUpdateSchema, scheduleInOrder } from '../../../contracts/catalog-admin';
import { ALL_ROWS } from '../realtime/scope';
import { sanitizeRichText } from '../content/sanitize';
import { audited } from '../audit/service';
import { forgetPages } from './page-cache';
import { itemInUse } from './repository';
import { tierNames } from '../programme/service';

const managers = { allow: ['Loyalty Manager'] as const };
export const isCatalogManager = (ctx: RequestContext) => isAllowed(ctx.user, CATALOG_ADMIN_ROLES);

const COPIED = ['item_name', 'item_group', 'price_list_rate', 'loyalty_points_based_price', 'tags', 'published', 'per_member_limit', 'item_schedule_start', 'item_schedule_end', 'stock_qty'] as const;

/**
 * A manager's create or update, checked against the contract. The code names the item for good (orders refer to
 * it). A counted stock decides in_stock; only an uncounted item takes in_stock as sent. Tiers must exist.
 */
async function validateItem(doc: Record<string, unknown>, op: 'create' | 'update', tx: Executor, existing?: Record<string, unknown>) {
  const input = op === 'create' ? parseWith(ItemCreateSchema, doc) : parseWith(ItemUpdateSchema, doc);
  const out: Record<string, unknown> = {};
  if (op === 'create') {
    out.item_code = input.item_code;
    out.name = input.item_code;
  } else if (input.item_code !== undefined && input.item_code !== existing?.item_code) {
    throw validationError(M.codeFixed, 'item_code_fixed');
  }
  for (const key of COPIED) if (input[key] !== undefined) out[key] = input[key];
  if (input.description !== undefined) out.description = sanitizeRichText(input.description ?? '');
  if (input.website_image !== undefined) out.website_image = input.website_image || null;
  if (input.eligible_tiers !== undefined) {
    const wanted = [...new Set(input.eligible_tiers)];
    const known = new Set(await tierNames(tx));
    const unknown = wanted.find((t) => !known.has(t));
    if (unknown) throw validationError(`${M.unknownTier}: ${unknown.slice(0, 60)}`, 'unknown_tier');
    out.eligible_tiers = wanted;
  }
  const start = (out.item_schedule_start ?? (op === 'update' && !('item_schedule_start' in out) ? existing?.item_schedule_start : null)) as string | null;
  const end = (out.item_schedule_end ?? (op === 'update' && !('item_schedule_end' in out) ? existing?.item_schedule_end : null)) as string | null;
  if (!scheduleInOrder(start, end)) throw validationError(M.schedule, 'invalid_schedule');
  const stock = 'stock_qty' in out ? (out.stock_qty as number | null) : ((existing?.stock_qty as number | null | undefined) ?? null);
  if (stock !== null) out.in_stock = stock > 0;
  else if (input.in_stock !== undefined) out.in_stock = input.in_stock;
  return out;
}

/**
 * Item over /api/resource: guests and members read published items; catalogue managers read every item and
 * create, update and delete them (an item orders refer to cannot be deleted: unpublish it). Every change is
 * audited in its transaction and drops the catalogue's page memory once committed.
 */
export const itemDoctype: DoctypeDef = audited({
  ...ITEM,
  table: items,
  writable: ITEM_WRITABLE,
  read: { allow: ['Guest'], scope: (ctx) => (isCatalogManager(ctx) ? ALL_ROWS : eq(items.published, true)) },
  create: managers,
  update: managers,
  delete: managers,
  defaultOrder: 'item_name asc',
  realtime: false,
  validate: (_ctx, doc, op, tx, existing) => validateItem(doc, op, tx, existing),
  async beforeDelete(_ctx, name, tx) {
    if (await itemInUse(tx, name)) throw new FrappeError('LinkExistsError', M.inUse, { code: 'item_in_use', title: 'Unable to delete' });
  },
  afterCommit: (ctx) => forgetPages(ctx.db),
});
