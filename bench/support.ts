import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { readConfig, type ServerConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { seedIfEmpty } from '../server/seed/index';
import { buildApp } from '../server/app';
import { users } from '../server/db/schema/auth';
import { customers } from '../server/db/schema/customers';
import { hashPassword } from '../server/frappe/crypto';
import { memberPageRenderer } from '../server/member-page';
import { currentNotice, recordConsent } from '../server/modules/privacy/consents';

export interface BenchServer {
  url: string;
  database: Database;
  config: ServerConfig;
  close(): Promise<void>;
}

/**
 * A new, empty database on `serverUrl`'s PostgreSQL: its URL, and how to drop it. With `kept` (a name), that database
 * instead, created only if it is missing and never dropped: a bench may then reuse what an earlier run wrote.
 */
export async function createBenchDatabase(serverUrl: string, kept?: string) {
  const { Client } = await import('pg');
  if (kept !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(kept)) throw new Error(`not a database name: ${kept}`);
  const name = kept ?? `mr_bench_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = kept !== undefined && (await admin.query('select 1 from pg_database where datname = $1', [name])).rows.length > 0;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      if (kept !== undefined) return;
      const c = new Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The real server on a fresh database (PGlite in a temp folder, or a new database on DATABASE_URL's server), or on
 * the kept database `kept` of DATABASE_URL's server (created if missing, migrated, never dropped).
 */
export async function startBenchServer(databaseUrl?: string, kept?: string): Promise<BenchServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mr-bench-'));
  const created = databaseUrl ? await createBenchDatabase(databaseUrl, kept) : undefined;
  const dbUrl = created?.url;
  const dropDb = created?.drop;
  const config = {
    ...readConfig({ ...process.env, DATA_DIR: path.join(dir, 'db'), DATABASE_URL: dbUrl ?? '', LOG_LEVEL: 'silent', SEED_DEMO: '1', ADMIN_PASSWORD: 'bench-admin', STAFF_PASSWORD: 'bench-staff' }),
    filesDir: path.join(dir, 'files'),
  };
  const database = await openDatabase(config);
  await migrate(database);
  await seedIfEmpty(database.db, config);
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  // As server/main.ts does: a running server has loaded the member pages' renderer before anyone opens one.
  await memberPageRenderer(config.distDir)();
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await dropDb?.();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A member with a password and a customer record, signed in over HTTP: returns the cookie header and CSRF token. */
export async function benchMember(server: BenchServer, name: string) {
  const pwd = 'bench-member';
  await server.database.db.insert(users).values({
    name, email: name, full_name: name, first_name: name, roles: ['Member'], phone_verified: true, password_hash: await hashPassword(pwd),
  });
  const customer = `CUST-B-${name.replace(/\W/g, '').slice(0, 20)}`;
  await server.database.db.insert(customers).values({ name: customer, customer_name: name, user: name, loyalty_program: 'Member Rewards' });
  // A member has agreed to the privacy notice when they signed in; without it every screen is the notice.
  const notice = await currentNotice(server.database.db);
  await recordConsent(server.database.db, { customer, purpose: 'privacy_notice', granted: true, version: notice.version, source: 'sign_in', recordedBy: name });
  const res = await fetch(`${server.url}/api/method/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usr: name, pwd }) });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { csrf_token: csrf } = (await res.json()) as { csrf_token: string };
  return { name, customer, cookie, csrf };
}

export function table(rows: (string | number)[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const r of rows) console.log(r.map((c, i) => String(c).padEnd(widths[i]!)).join('  '));
}
