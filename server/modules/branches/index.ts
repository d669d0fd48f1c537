import { eq } from 'drizzle-orm';
import type { ServerModule } from '../../frappe/module';
import type { DoctypeDef } from '../../frappe/doctypes';
import { isAllowed, type RequestContext } from '../../frappe/context';
import { parseWith } from '../../frappe/methods';
import { branches } from '../../db/schema/orders';
import { BACK_OFFICE_ROLES } from '../../../contracts/admin';
import { BRANCH, BRANCH_WRITABLE, BranchCreateSchema, BranchUpdateSchema } from '../../../contracts/branches';
import { ALL_ROWS } from '../realtime/scope';
import { audited } from '../audit/service';

/** The back office and the till see every branch; members and visitors only those taking orders. */
const seesDisabled = (ctx: RequestContext) => isAllowed(ctx.user, [...BACK_OFFICE_ROLES, 'Store Staff']);

/** A create or update as the contract allows it; `branch_name` is read as `branch`. */
function validateBranch(doc: Record<string, unknown>, op: 'create' | 'update') {
  const body = doc.branch === undefined && doc.branch_name !== undefined ? { ...doc, branch: doc.branch_name } : doc;
  const input = op === 'create' ? parseWith(BranchCreateSchema, body) : parseWith(BranchUpdateSchema, body);
  const out: Record<string, unknown> = {};
  if (input.branch !== undefined) out.branch = input.branch;
  if (input.address !== undefined) out.address = input.address ?? '';
  if (input.opening_hours !== undefined) out.opening_hours = input.opening_hours || '08:00-17:30';
  if (input.phone !== undefined) out.phone = input.phone || null;
  if (input.disabled !== undefined) out.disabled = input.disabled;
  // Named by its display name when created (as the seeded branches are); renaming later keeps the name.
  if (op === 'create') out.name = input.branch;
  return out;
}

/**
 * Branch over /api/resource: the marketing page and the gift form read it (disabled branches left out); Loyalty
 * Managers create and update it. There is no delete: orders and staff refer to branches, so one is disabled.
 */
export const branchDoctype: DoctypeDef = audited(
  {
    ...BRANCH,
    table: branches,
    writable: BRANCH_WRITABLE,
    defaultOrder: 'name asc',
    read: { allow: ['Guest'], scope: (ctx) => (seesDisabled(ctx) ? ALL_ROWS : eq(branches.disabled, false)) },
    create: { allow: ['Loyalty Manager'] },
    update: { allow: ['Loyalty Manager'] },
    realtime: false,
    validate: (_ctx, doc, op) => validateBranch(doc, op),
  },
  (change) => change.name,
);

export const branchesModule: ServerModule = {
  name: 'branches',
  doctypes: [branchDoctype],
};
