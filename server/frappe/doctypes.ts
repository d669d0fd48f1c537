import type * as v from 'valibot';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CurrentUser, Allow, RequestContext } from './context';
import type { Executor } from '../db/client';

/** A permission: who may do it, and (optionally) which rows that caller may touch. */
export interface Perm {
  allow: readonly Allow[];
  /**
   * Row scope for callers who are not System Manager: a condition their rows must meet
   * (a member sees only their own). Returning null means the caller may touch no rows.
   */
  scope?: (ctx: RequestContext) => Promise<SQL | null> | SQL | null;
}

/** A committed (or committing) write of one document, as the doctype's hooks see it. */
export interface DocChange {
  op: 'create' | 'update' | 'delete';
  name: string;
  /** The row before the write (update, delete). */
  before?: Record<string, unknown>;
  /** The row after the write (create, update). */
  after?: Record<string, unknown>;
}

/**
 * A doctype as a module declares it: its contract spread in (`...ITEM`: the doctype's name, the document schema the
 * app reads it with, and the fields the resource exposes), then the table, the permissions and the hooks.
 */
export interface DoctypeDef {
  doctype: string;
  /** The document as the contract describes it (contracts/); the app validates reads with it. */
  doc?: v.GenericSchema;
  table: PgTable;
  /** Name column; defaults to `name`. */
  nameField?: string;
  /** Fields that may be named in fields/filters/order_by and appear in answers: the contract's. */
  fields: readonly string[];
  /** Fields a create or update may set; everything else (owner, status, points...) is the server's. */
  writable?: readonly string[];
  read: Perm;
  create?: Perm;
  update?: Perm;
  delete?: Perm;
  /** A condition every row of this doctype meets, whoever asks (several doctypes sharing one table). */
  rows?: () => SQL;
  /** Adds child tables and derived fields to a single-document read (Sales Invoice items...). */
  expand?: (ctx: RequestContext, doc: Record<string, unknown>) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** A single-document doctype: the name segment is ignored (Frappe's Singles). */
  single?: boolean;
  defaultOrder?: string;
  /** Makes the document name for an insert. */
  autoname?: (ctx: RequestContext, doc: Record<string, unknown>) => Promise<string> | string;
  /** Validates and completes a document before insert or update; throw a FrappeError to refuse. */
  validate?: (
    ctx: RequestContext,
    doc: Record<string, unknown>,
    op: 'create' | 'update',
    tx: Executor,
    existing?: Record<string, unknown>,
  ) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Refuse a delete (linked documents...). */
  beforeDelete?: (ctx: RequestContext, name: string, tx: Executor) => Promise<void> | void;
  /** Runs inside the write's transaction once the row is written: what it writes commits or rolls back with it. */
  onWrite?: (ctx: RequestContext, tx: Executor, change: DocChange) => Promise<void> | void;
  /** Runs once the write has committed (memories of the old rows to drop). */
  afterCommit?: (ctx: RequestContext, change: DocChange) => void;
  /** Whether list_update is broadcast for this doctype (default true). */
  realtime?: boolean;
}

export interface ResolvedDoctype extends DoctypeDef {
  columns: Record<string, PgColumn>;
  fieldNames: readonly string[];
  nameColumn: PgColumn;
}

export const isSystemManager = (user: CurrentUser) => user.roles.includes('System Manager');
