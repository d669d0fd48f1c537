import { sql, type SQL } from 'drizzle-orm';

/**
 * A read scope that lets the caller see every row. Doctypes return this exact object from `read.scope`
 * for callers who are not restricted, so the realtime relay can tell "sees everything" (joins the shared
 * doctype room) from "sees only some rows" (hears only about their own changes).
 */
export const ALL_ROWS: SQL = sql`true`;
