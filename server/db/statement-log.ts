import type { Database } from './client';

/**
 * The statements a database is sent while a piece of work runs, each named by its kind and first table
 * ("select customers", "insert loyalty_point_entries", "begin"): how many round trips a request costs, which the
 * benchmarks print and the tests hold. Counted where the driver takes a statement, below drizzle, so what drizzle
 * sends on its own (begin, commit) and what bypasses it counts too: node-postgres's `Client#query` (every client of
 * the process, the realtime adapter's NOTIFYs included), or PGlite's wire protocol (one Parse or simple Query
 * message per statement).
 */
export interface StatementLog {
  /** What has been sent since the log started, in order. */
  readonly sent: string[];
  /** Stops recording (the driver is as it was). */
  stop(): void;
}

/** "select customers" for `select … from "customers" …`; the statement's opening words when it names no table. */
export function statementLabel(text: string): string {
  const kind = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? '?';
  const table = /\b(?:from|into|update)\s+"?(\w+)"?/i.exec(text)?.[1];
  return table ? `${kind} ${table}` : text.trim().slice(0, 40);
}

export async function recordStatements(database: Database): Promise<StatementLog> {
  const sent: string[] = [];
  if (database.kind === 'postgres') {
    const { Client } = await import('pg');
    const query = Client.prototype.query;
    Client.prototype.query = function (this: InstanceType<typeof Client>, ...args: unknown[]) {
      const config = args[0] as string | { text?: string };
      sent.push(statementLabel(typeof config === 'string' ? config : (config.text ?? '')));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    return { sent, stop: () => void (Client.prototype.query = query) };
  }
  const client = (database.db as unknown as { $client: PGliteProtocol }).$client;
  const exec = client.execProtocolStream;
  client.execProtocolStream = function (this: PGliteProtocol, message, options) {
    const text = statementText(message);
    if (text !== undefined) sent.push(statementLabel(text));
    return exec.call(this, message, options);
  };
  return { sent, stop: () => void (client.execProtocolStream = exec) };
}

/** The one PGlite method every message to its backend goes through. */
interface PGliteProtocol {
  execProtocolStream(message: Uint8Array, options?: object): Promise<unknown>;
}

const PARSE = 0x50; // 'P': an extended-protocol statement (PGlite's query(), one per statement)
const QUERY = 0x51; // 'Q': a simple-protocol statement (PGlite's exec(): BEGIN, COMMIT)

/** The SQL a protocol message carries when it opens a statement (Parse: name, then text; Query: text). */
function statementText(message: Uint8Array): string | undefined {
  if (message[0] !== PARSE && message[0] !== QUERY) return undefined;
  let start = 5; // type byte and int32 length
  if (message[0] === PARSE) start = message.indexOf(0, start) + 1; // the statement's name
  return new TextDecoder().decode(message.subarray(start, message.indexOf(0, start)));
}
