import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DoctypeDef, Perm, ResolvedDoctype } from './doctypes';
import { isSystemManager } from './doctypes';
import { isAllowed, type RequestContext } from './context';
import { FrappeError, notFound, permissionError, validationError } from './errors';
import { FilterBudget, parseFilters, parseOrderBy } from './filters';
import { decodeQueryArgs, MAX_OFFSET } from './methods';
import type { Executor } from '../db/client';

export function resolveDoctype(def: DoctypeDef): ResolvedDoctype {
  const all = getTableColumns(def.table) as Record<string, PgColumn>;
  const fieldNames = def.fields;
  const columns: Record<string, PgColumn> = {};
  for (const f of fieldNames) {
    if (!all[f]) throw new Error(`${def.doctype}: unknown field ${f}`);
    columns[f] = all[f];
  }
  const nameColumn = all[def.nameField ?? 'name'];
  if (!nameColumn) throw new Error(`${def.doctype}: no name column`);
  return { ...def, columns, fieldNames, nameColumn };
}

/** Checks the role rule and returns the row scope for this caller (undefined: all rows). */
export async function authorize(ctx: RequestContext, perm: Perm | undefined, doctype: string): Promise<SQL | undefined> {
  if (!perm || !isAllowed(ctx.user, perm.allow)) {
    throw permissionError(`No permission for ${doctype}`);
  }
  if (!perm.scope || isSystemManager(ctx.user)) return undefined;
  const scope = await perm.scope(ctx);
  return scope ?? sql`false`;
}

/** The caller's row scope plus the doctype's own row condition (doctypes that share a table). */
async function rowScope(ctx: RequestContext, dt: ResolvedDoctype, perm: Perm | undefined): Promise<SQL | undefined> {
  const scope = await authorize(ctx, perm, dt.doctype);
  return dt.rows ? and(scope, dt.rows()) : scope;
}

const MAX_PAGE = 500;

function intParam(value: unknown, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < 0) throw validationError(`${name} must be a non-negative whole number`);
  if (n > max) throw validationError(`${name} must be at most ${max}`);
  return n;
}

function pickFields(dt: ResolvedDoctype, fields: unknown): string[] {
  if (fields === undefined || fields === '') return ['name'].filter((f) => dt.columns[f]);
  const list = Array.isArray(fields) ? fields : typeof fields === 'string' ? fields.split(',') : null;
  if (!list) throw validationError('fields must be a list of field names');
  const out: string[] = [];
  for (const raw of list) {
    // Only names: an object or array here ({"toString": ""}) cannot even be turned into text.
    if (typeof raw !== 'string' && typeof raw !== 'number') throw validationError('fields must be a list of field names');
    const f = String(raw).trim().replace(/^`|`$/g, '');
    if (f === '*') out.push(...dt.fieldNames);
    else if (Object.hasOwn(dt.columns, f)) out.push(f);
    else throw validationError(`Field not permitted in query: ${f.slice(0, 80)} (doctype ${dt.doctype})`);
  }
  return [...new Set(out)];
}

export async function listDocs(ctx: RequestContext, dt: ResolvedDoctype, params: Record<string, unknown>) {
  const scope = await rowScope(ctx, dt, dt.read);
  const fields = pickFields(dt, params.fields);
  const budget = new FilterBudget();
  const where = and(
    scope,
    parseFilters(dt.columns, dt.doctype, params.filters, 'and', budget),
    parseFilters(dt.columns, dt.doctype, params.or_filters, 'or', budget),
  );
  const order = parseOrderBy(dt.columns, dt.doctype, params.order_by ?? dt.defaultOrder);
  const limitRaw = params.limit ?? params.limit_page_length;
  let limit = intParam(limitRaw, 'limit', 20);
  if (limit === 0 || limit > MAX_PAGE) limit = MAX_PAGE; // Frappe's 0 = all; we cap to keep answers bounded
  const start = intParam(params.limit_start, 'limit_start', 0, MAX_OFFSET);
  const selection = Object.fromEntries(fields.map((f) => [f, dt.columns[f]!]));
  let query = ctx.db.select(selection).from(dt.table).where(where).$dynamic();
  if (order.length) query = query.orderBy(...order);
  const rows = await query.limit(limit).offset(start);
  if (params.as_dict === 'false' || params.as_dict === false || params.as_dict === 0 || params.as_dict === '0') {
    return rows.map((r) => fields.map((f) => (r as Record<string, unknown>)[f]));
  }
  return rows;
}

export async function countDocs(ctx: RequestContext, dt: ResolvedDoctype, filters: unknown): Promise<number> {
  const scope = await rowScope(ctx, dt, dt.read);
  const where = and(scope, parseFilters(dt.columns, dt.doctype, filters));
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(dt.table).where(where);
  return Number(row?.n ?? 0);
}

/** A document as Frappe serialises it: declared fields, nulls left out, plus its doctype. */
export function asDoc(dt: ResolvedDoctype, row: Record<string, unknown>): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const f of dt.fieldNames) if (row[f] !== null && row[f] !== undefined) doc[f] = row[f];
  doc.doctype = dt.doctype;
  return doc;
}

async function findOne(db: Executor, dt: ResolvedDoctype, name: string, scope: SQL | undefined, lock = false) {
  const where = dt.single ? scope : and(eq(dt.nameColumn, name), scope);
  const q = db.select().from(dt.table).where(where).limit(1);
  const rows = lock ? await q.for('update') : await q;
  return rows[0] as Record<string, unknown> | undefined;
}

export async function getDoc(ctx: RequestContext, dt: ResolvedDoctype, name: string) {
  const scope = await rowScope(ctx, dt, dt.read);
  const row = await findOne(ctx.db, dt, name, scope);
  // Outside the caller's scope looks exactly like missing: no probing for other members' names.
  if (!row) throw notFound(`${dt.doctype} ${name} not found`);
  const doc = asDoc(dt, row);
  return dt.expand ? dt.expand(ctx, doc) : doc;
}

function writableOnly(dt: ResolvedDoctype, body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw validationError('Invalid request arguments');
  const allowed = dt.writable ?? [];
  const doc: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) if (allowed.includes(k)) doc[k] = v;
  return doc;
}

export async function createDoc(ctx: RequestContext, dt: ResolvedDoctype, body: unknown) {
  await authorize(ctx, dt.create, dt.doctype);
  const input = writableOnly(dt, body);
  const row = await ctx.db.transaction(async (tx) => {
    let doc = dt.validate ? await dt.validate(ctx, input, 'create', tx) : input;
    const name = typeof doc.name === 'string' && doc.name ? doc.name : dt.autoname ? await dt.autoname(ctx, doc) : crypto.randomUUID().slice(0, 10);
    doc = { ...doc, name, owner: ctx.user.name };
    if (await findOne(tx, dt, name, undefined)) {
      throw new FrappeError('DuplicateEntryError', `${dt.doctype} ${name} already exists`);
    }
    const [inserted] = await tx.insert(dt.table).values(doc as never).returning();
    await dt.onWrite?.(ctx, tx, { op: 'create', name, after: inserted as Record<string, unknown> });
    return inserted as Record<string, unknown>;
  });
  dt.afterCommit?.(ctx, { op: 'create', name: String(row.name), after: row });
  ctx.services.notifyListUpdate(dt.doctype, String(row.name), ctx.user.name);
  return asDoc(dt, row);
}

export async function updateDoc(ctx: RequestContext, dt: ResolvedDoctype, name: string, body: unknown) {
  const scope = await rowScope(ctx, dt, dt.update);
  const input = writableOnly(dt, body);
  const row = await ctx.db.transaction(async (tx) => {
    const existing = await findOne(tx, dt, name, scope, true);
    if (!existing) throw notFound(`${dt.doctype} ${name} not found`);
    const doc = dt.validate ? await dt.validate(ctx, input, 'update', tx, existing) : input;
    const changes = { ...doc, modified: sql`now()` };
    delete (changes as Record<string, unknown>).name;
    const [updated] = await tx.update(dt.table).set(changes as never).where(eq(dt.nameColumn, existing.name as string)).returning();
    await dt.onWrite?.(ctx, tx, { op: 'update', name: String(existing.name), before: existing, after: updated as Record<string, unknown> });
    return updated as Record<string, unknown>;
  });
  dt.afterCommit?.(ctx, { op: 'update', name: String(row.name), after: row });
  ctx.services.notifyListUpdate(dt.doctype, String(row.name), ctx.user.name);
  return asDoc(dt, row);
}

export async function deleteDoc(ctx: RequestContext, dt: ResolvedDoctype, name: string) {
  const scope = await rowScope(ctx, dt, dt.delete);
  await ctx.db.transaction(async (tx) => {
    const existing = await findOne(tx, dt, name, scope, true);
    if (!existing) throw notFound(`${dt.doctype} ${name} not found`);
    if (dt.beforeDelete) await dt.beforeDelete(ctx, name, tx);
    await tx.delete(dt.table).where(eq(dt.nameColumn, name));
    await dt.onWrite?.(ctx, tx, { op: 'delete', name, before: existing });
  });
  dt.afterCommit?.(ctx, { op: 'delete', name });
  ctx.services.notifyListUpdate(dt.doctype, name, ctx.user.name);
}

export function registerResourceRoutes(
  app: FastifyInstance,
  doctypes: Map<string, ResolvedDoctype>,
  context: (req: FastifyRequest, reply: import('fastify').FastifyReply) => RequestContext,
) {
  // The router has already decoded the name once; decoding it again would turn `Item%25` into a URIError.
  const lookup = (doctype: string) => {
    const dt = doctypes.get(doctype);
    if (!dt) throw notFound(`DocType ${doctype.slice(0, 80)} not found`);
    return dt;
  };
  type P = { doctype: string; name?: string };
  app.get<{ Params: P }>('/api/resource/:doctype', async (req, reply) => {
    const dt = lookup(req.params.doctype);
    const params = decodeQueryArgs(req.query as Record<string, unknown>);
    return { data: await listDocs(context(req, reply), dt, params) };
  });
  app.get<{ Params: P }>('/api/resource/:doctype/:name', async (req, reply) => {
    const dt = lookup(req.params.doctype);
    return { data: await getDoc(context(req, reply), dt, req.params.name!) };
  });
  app.post<{ Params: P }>('/api/resource/:doctype', async (req, reply) => {
    const dt = lookup(req.params.doctype);
    return { data: await createDoc(context(req, reply), dt, req.body) };
  });
  app.put<{ Params: P }>('/api/resource/:doctype/:name', async (req, reply) => {
    const dt = lookup(req.params.doctype);
    return { data: await updateDoc(context(req, reply), dt, req.params.name!, req.body) };
  });
  app.delete<{ Params: P }>('/api/resource/:doctype/:name', async (req, reply) => {
    const dt = lookup(req.params.doctype);
    await deleteDoc(context(req, reply), dt, req.params.name!);
    return reply.status(202).send({ message: 'ok' });
  });
}
