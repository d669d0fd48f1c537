import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { itemKeys } from '@/entities/items';
import { callMethod, countOf, createDocOf, deleteDocOf, getDocOf, getListOf, updateDocOf, uploadFileAs } from '@/lib/api';
import type { Filters, GetListArgs } from '@/lib/frappe';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import type { ArgsOf, MethodContract } from '../../../contracts/contract';
import {
  ADJUST_POINTS,
  ADMIN_METHODS,
  type ExportFilters,
  AUDIT_LOG,
  CREATE_STAFF,
  GET_ADJUSTMENT_REASONS,
  IMPORT_POINTS,
  LIST_STAFF,
  MEMBER_SUMMARY,
  SEARCH_MEMBERS,
  SEND_STAFF_PASSWORD_RESET,
  SET_MEMBER_BLOCKED,
  UPDATE_ADJUSTMENT_REASONS,
  UPDATE_STAFF,
} from '../../../contracts/admin';
import { ITEM } from '../../../contracts/catalog';
import type { ItemCreate, ItemUpdate } from '../../../contracts/catalog-admin';
import { FileDocSchema } from '../../../contracts/frappe';
import { CONFIRM_PAYMENT } from '../../../contracts/orders';
import { LIST_REFUNDS, MANAGED_ORDER_FIELDS, MANAGED_SALES_INVOICE } from '../../../contracts/order-lifecycle';
import { orderKeys } from '@/entities/orders';

export type { AuditLogEntry, MemberRow, MemberSummary, StaffRow } from '../../../contracts/admin';
export type { ManagedOrder, Refund } from '../../../contracts/order-lifecycle';

/**
 * The back office's data: members and their points, imports, blocking, staff accounts, the adjustment reasons,
 * rewards, payments and the audit log. The screens that use them compose these; branches are in
 * src/entities/branches.
 */
export const adminKeys = {
  all: ['admin'] as const,
  members: (args: ArgsOf<typeof SEARCH_MEMBERS>) => ['admin', 'members', args] as const,
  member: (args: ArgsOf<typeof MEMBER_SUMMARY>) => ['admin', 'member', args] as const,
  reasons: () => ['admin', 'reasons'] as const,
  staff: (args: ArgsOf<typeof LIST_STAFF>) => ['admin', 'staff', args] as const,
  items: (args: GetListArgs) => ['admin', 'items', args] as const,
  audit: (args: GetListArgs) => ['admin', 'audit', args] as const,
  count: (doctype: string, filters: Filters) => ['admin', 'count', doctype, filters] as const,
  item: (name: string) => ['admin', 'item', name] as const,
};

export const searchMembersQuery = (args: ArgsOf<typeof SEARCH_MEMBERS>) =>
  queryOptions({ queryKey: adminKeys.members(args), queryFn: ({ signal }) => callMethod(SEARCH_MEMBERS, args, { signal }) });

export const memberSummaryQuery = (args: ArgsOf<typeof MEMBER_SUMMARY>) =>
  queryOptions({ queryKey: adminKeys.member(args), queryFn: ({ signal }) => callMethod(MEMBER_SUMMARY, args, { signal }) });

export const adjustmentReasonsQuery = () =>
  queryOptions({ queryKey: adminKeys.reasons(), queryFn: ({ signal }) => callMethod(GET_ADJUSTMENT_REASONS, {}, { signal }) });

export const staffAccountsQuery = (args: ArgsOf<typeof LIST_STAFF>) =>
  queryOptions({ queryKey: adminKeys.staff(args), queryFn: ({ signal }) => callMethod(LIST_STAFF, args, { signal }) });

/** Every item, published or not (a catalogue manager's read). */
export const managedItemsQuery = (args: GetListArgs) =>
  queryOptions({ queryKey: adminKeys.items(args), queryFn: ({ signal }) => getListOf(ITEM, { fields: ['*'], ...args }, { signal }) });

/** One item as a manager reads it (published or not). */
export const managedItemQuery = (name: string) =>
  queryOptions({ queryKey: adminKeys.item(name), queryFn: ({ signal }) => getDocOf(ITEM, name, { signal }) });

/** How many items or audit entries match the filters: the total a paged table shows. */
export const managedItemsCountQuery = (filters: Filters) =>
  queryOptions({ queryKey: adminKeys.count(ITEM.doctype, filters), queryFn: ({ signal }) => countOf(ITEM, { filters, signal }) });
export const auditLogCountQuery = (filters: Filters) =>
  queryOptions({ queryKey: adminKeys.count(AUDIT_LOG.doctype, filters), queryFn: ({ signal }) => countOf(AUDIT_LOG, { filters, signal }) });

/** A reward's picture: upload_file answers its /files/… address, which the item's website_image then holds. */
export const uploadItemImage = (file: File) =>
  uploadFileAs(FileDocSchema, file, { isPrivate: false, doctype: ITEM.doctype, fieldname: 'website_image', folder: 'Home' });

/** The CSV export as a link (a GET with the session cookie): the browser downloads it as it streams. */
export function exportUrl(filters: ExportFilters): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') query.set(key, String(value));
  return `/api/method/${ADMIN_METHODS.export}?${query}`;
}

export const auditLogQuery = (args: GetListArgs) =>
  queryOptions({ queryKey: adminKeys.audit(args), queryFn: ({ signal }) => getListOf(AUDIT_LOG, args, { signal }) });

/** A back-office write (a POST): the back office's lists are read again after it. */
function useAdminWrite<C extends MethodContract>(contract: C) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: ArgsOf<C>) => callMethod(contract, args, { verb: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Adjusts a member's points; the server needs an Idempotency-Key, made once per intended adjustment. */
export function useAdjustPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey = newIdempotencyKey(), ...args }: ArgsOf<typeof ADJUST_POINTS> & { idempotencyKey?: string }) =>
      callMethod(ADJUST_POINTS, args, { verb: 'POST', idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useImportPoints = () => useAdminWrite(IMPORT_POINTS);
export const useSetMemberBlocked = () => useAdminWrite(SET_MEMBER_BLOCKED);
export const useUpdateAdjustmentReasons = () => useAdminWrite(UPDATE_ADJUSTMENT_REASONS);
export const useCreateStaff = () => useAdminWrite(CREATE_STAFF);
export const useUpdateStaff = () => useAdminWrite(UPDATE_STAFF);
export const useSendStaffPasswordReset = () => useAdminWrite(SEND_STAFF_PASSWORD_RESET);
export const useConfirmPayment = () => useAdminWrite(CONFIRM_PAYMENT);

/** A reward or product written by a catalogue manager: the members' catalogue is read again too. */
function useItemWrite<T>(write: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.all }), queryClient.invalidateQueries({ queryKey: itemKeys.all })]),
  });
}

export const useCreateItem = () => useItemWrite((input: ItemCreate) => createDocOf(ITEM, input));
export const useUpdateItem = () => useItemWrite(({ name, ...patch }: ItemUpdate & { name: string }) => updateDocOf(ITEM, name, patch));
/** Refused (item_in_use) while orders refer to the item: unpublish it instead. */
export const useDeleteItem = () => useItemWrite((name: string) => deleteDocOf(ITEM, name));

/**
 * Orders as managers read them (every branch, or a Branch Manager's own: the server scopes it). Kept under the
 * orders' key, so a cancellation or a refund reads them again with every other order screen.
 */
const managedOrderKeys = {
  list: (args: GetListArgs) => [...orderKeys.all, 'managed', 'list', args] as const,
  count: (filters: Filters) => [...orderKeys.all, 'managed', 'count', filters] as const,
  one: (name: string) => [...orderKeys.all, 'managed', 'one', name] as const,
  refunds: (order: string) => [...orderKeys.all, 'managed', 'refunds', order] as const,
};

export const managedOrdersQuery = (args: GetListArgs) =>
  queryOptions({ queryKey: managedOrderKeys.list(args), queryFn: ({ signal }) => getListOf(MANAGED_SALES_INVOICE, { fields: MANAGED_ORDER_FIELDS, ...args }, { signal }) });

export const managedOrdersCountQuery = (filters: Filters) =>
  queryOptions({ queryKey: managedOrderKeys.count(filters), queryFn: ({ signal }) => countOf(MANAGED_SALES_INVOICE, { filters, signal }) });

/** One order with its lines, delivery notes and (for managers) the reason it was cancelled. */
export const managedOrderQuery = (name: string) =>
  queryOptions({ queryKey: managedOrderKeys.one(name), queryFn: ({ signal }) => getDocOf(MANAGED_SALES_INVOICE, name, { signal }) });

/** Every refund of one order, with the points each took back and what it could not (a Loyalty Manager's read). */
export const orderRefundsQuery = (order: string, enabled: boolean) =>
  queryOptions({ queryKey: managedOrderKeys.refunds(order), queryFn: ({ signal }) => callMethod(LIST_REFUNDS, { order, limit: 200 }, { signal }), enabled });
