import { randomBytes } from 'node:crypto';
import type { RequestContext } from '../../frappe/context';
import { notFound, ruleRefusal, validationError } from '../../frappe/errors';
import { checkAgainstLists, type AddressValues } from '../../../contracts/addresses';
import * as repo from './repository';

/** An Address as Frappe serialises a document: declared fields, nulls left out, plus its doctype. */
export function asAddressDoc(row: repo.AddressRow): Record<string, unknown> {
  const { customer: _customer, owner: _owner, ...rest } = row;
  const doc: Record<string, unknown> = { doctype: 'Address' };
  for (const [k, value] of Object.entries(rest)) if (value !== null && value !== undefined) doc[k] = value;
  return doc;
}

const NO_CUSTOMER = 'No customer record is linked to this account';

async function requireCustomer(ctx: RequestContext, tx: Parameters<typeof repo.customerOfUser>[0]): Promise<string> {
  // Locking the member's Customer row serialises their address writes, so the flags stay exclusive.
  const customer = await repo.customerOfUser(tx, ctx.user.name, true);
  if (!customer) throw validationError(NO_CUSTOMER);
  return customer;
}

async function checkLists(ctx: RequestContext, values: AddressValues) {
  const problem = checkAgainstLists(values, await repo.addressOptions(ctx.db));
  if (problem) throw ruleRefusal(problem.code);
}

function columns(values: AddressValues) {
  const title =
    values.address_title ||
    [values.first_name, values.last_name].filter(Boolean).join(' ') ||
    [values.address_line1, values.city].join(' ');
  return {
    address_title: title.slice(0, 140),
    first_name: values.first_name,
    last_name: values.last_name,
    address_line1: values.address_line1,
    address_line2: values.address_line2 || null,
    city: values.city,
    state: values.state || null,
    country: values.country,
    pincode: values.pincode,
    phone: values.phone || null,
    is_primary_address: values.is_primary_address,
    is_shipping_address: values.is_shipping_address,
  };
}

async function keepFlagsExclusive(tx: Parameters<typeof repo.clearFlagOnOthers>[0], customer: string, row: repo.AddressRow) {
  if (row.is_primary_address) await repo.clearFlagOnOthers(tx, customer, row.name, 'is_primary_address');
  if (row.is_shipping_address) await repo.clearFlagOnOthers(tx, customer, row.name, 'is_shipping_address');
}

export async function getAddresses(ctx: RequestContext) {
  const customer = await repo.customerOfUser(ctx.db, ctx.user.name);
  if (!customer) return [];
  return (await repo.listForCustomer(ctx.db, customer)).map(asAddressDoc);
}

export async function addAddress(ctx: RequestContext, values: AddressValues) {
  await checkLists(ctx, values);
  const row = await ctx.db.transaction(async (tx) => {
    const customer = await requireCustomer(ctx, tx);
    const inserted = await repo.insertAddress(tx, {
      name: `ADDR-${randomBytes(6).toString('hex').toUpperCase()}`,
      customer,
      owner: ctx.user.name,
      ...columns(values),
    });
    await keepFlagsExclusive(tx, customer, inserted);
    return inserted;
  });
  ctx.services.notifyListUpdate('Address', row.name, ctx.user.name);
  return asAddressDoc(row);
}

/** Another member's address answers exactly like a missing one: nothing is revealed about it. */
const missing = (name: string) => notFound(`Address ${name.slice(0, 80)} not found`);

export async function updateAddress(ctx: RequestContext, name: string, values: AddressValues) {
  await checkLists(ctx, values);
  const row = await ctx.db.transaction(async (tx) => {
    const customer = await repo.customerOfUser(tx, ctx.user.name, true);
    const existing = customer ? await repo.findOwn(tx, customer, name, true) : undefined;
    if (!customer || !existing) throw missing(name);
    const updated = await repo.updateAddressRow(tx, existing.name, columns(values));
    await keepFlagsExclusive(tx, customer, updated);
    return updated;
  });
  ctx.services.notifyListUpdate('Address', row.name, ctx.user.name);
  return asAddressDoc(row);
}

export async function deleteAddress(ctx: RequestContext, name: string) {
  await ctx.db.transaction(async (tx) => {
    const customer = await repo.customerOfUser(tx, ctx.user.name, true);
    const existing = customer ? await repo.findOwn(tx, customer, name, true) : undefined;
    if (!customer || !existing) throw missing(name);
    await repo.deleteAddressRow(tx, existing.name);
  });
  ctx.services.notifyListUpdate('Address', name, ctx.user.name);
  return { name };
}

export const addressOptions = (ctx: RequestContext) => repo.addressOptions(ctx.db);
