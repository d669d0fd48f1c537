import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGLITE_IMAGE_ENV } from './pglite-image';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { testConfig, type ServerConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedIfEmpty } from '../../server/seed/index';
import { buildApp } from '../../server/app';
import type { ServerModule } from '../../server/frappe/module';
import type { Clock } from '../../server/modules/jobs/runner';
import { users, type Role } from '../../server/db/schema/auth';
import { customers } from '../../server/db/schema/customers';
import { hashPassword } from '../../server/frappe/crypto';
import type { MemberCodeDevice } from '../../contracts/member-code';

export const ADMIN = { usr: 'admin@example.com', pwd: 'admin-test-password' };
export const STAFF = { usr: 'staff@example.com', pwd: 'staff-test-password' };
export const LOYALTY_MANAGER = { usr: 'loyalty@example.com', pwd: 'loyalty-test-password' };
/** The seeded Branch Manager manages the seeded staff user's branch (สาขาสยาม). */
export const BRANCH_MANAGER = { usr: 'branch.manager@example.com', pwd: 'branch-manager-test-password' };

/**
 * The migrated PGlite data directory the global set-up dumped for this run (tests/support/pglite-image.ts), read
 * once per file: opening an image takes about a second where initdb and the migrations take four or five.
 */
let image: Promise<Blob | undefined> | undefined;
function migratedImage(): Promise<Blob | undefined> {
  const file = process.env[PGLITE_IMAGE_ENV];
  if (!file) return Promise.resolve(undefined);
  image ??= fs.promises.readFile(file).then((bytes) => new Blob([bytes]));
  return image;
}

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL (CI runs the server tests both ways).
 */
export async function freshDatabase(opts: { empty?: boolean } = {}): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    // `empty`: no migration applied yet, for a test that migrates step by step.
    const database = await openDatabase({ dataDir: 'memory://', image: opts.empty ? undefined : await migratedImage() });
    return { database, drop: async () => {} };
  }
  const { Client } = await import('pg');
  const dbName = `mr_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${dbName}`;
  const database = await openDatabase({ dataDir: '', databaseUrl: target.toString() });
  return {
    database,
    url: target.toString(),
    drop: async () => {
      const c = new Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: ServerConfig;
  /** The PostgreSQL database of this server (only when TEST_DATABASE_URL is set). */
  databaseUrl?: string;
  close(): Promise<void>;
}

export async function createTestServer(
  overrides: Partial<ServerConfig> = {},
  extraModules: ServerModule[] = [],
  opts: { logStream?: { write(line: string): void }; clock?: Clock } = {},
): Promise<TestServer> {
  const config = testConfig({
    seed: {
      adminEmail: ADMIN.usr,
      adminPassword: ADMIN.pwd,
      staffEmail: STAFF.usr,
      staffPassword: STAFF.pwd,
      loyaltyManagerEmail: LOYALTY_MANAGER.usr,
      loyaltyManagerPassword: LOYALTY_MANAGER.pwd,
      branchManagerEmail: BRANCH_MANAGER.usr,
      branchManagerPassword: BRANCH_MANAGER.pwd,
    },
    ...overrides,
  });
  const { database, drop, url } = await freshDatabase();
  await migrate(database);
  await seedIfEmpty(database.db, config);
  const app = await buildApp(config, database, { extraModules, logStream: opts.logStream, clock: opts.clock });
  await app.ready();
  return {
    app,
    database,
    config,
    databaseUrl: url,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** A signed-in client: keeps the cookies and the CSRF token like a browser tab would. */
export class Session {
  cookies: Record<string, string> = {};
  csrf?: string;
  constructor(readonly app: FastifyInstance, readonly ip = '127.0.0.1') {}

  get cookieHeader() {
    return Object.entries(this.cookies).map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(opts: InjectOptions & { csrf?: boolean }) {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    if (Object.keys(this.cookies).length) headers.cookie = this.cookieHeader;
    // Like the app's client: the session's token on every call (GETs with side effects need it too).
    if (this.csrf && opts.csrf !== false) headers['x-frappe-csrf-token'] = this.csrf;
    const res = await this.app.inject({ ...opts, headers, remoteAddress: this.ip });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) delete this.cookies[c.name];
      else this.cookies[c.name] = c.value;
    }
    return res;
  }

  async login(usr: string, pwd: string) {
    const res = await this.request({ method: 'POST', url: '/api/method/login', payload: { usr, pwd } });
    if (res.statusCode === 200) this.csrf = res.json().csrf_token;
    return res;
  }

  call(method: string, args: Record<string, unknown> = {}, verb: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'POST', headers: Record<string, string> = {}) {
    if (verb === 'GET' || verb === 'DELETE') {
      const query = Object.fromEntries(
        Object.entries(args).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      );
      return this.request({ method: verb, url: `/api/method/${method}`, query, headers });
    }
    return this.request({ method: verb, url: `/api/method/${method}`, payload: args, headers });
  }
}

/** The first server message of a Frappe error body. */
export function serverMessage(body: { _server_messages?: string }): string | undefined {
  if (!body._server_messages) return undefined;
  const list = JSON.parse(body._server_messages) as string[];
  return list[0] ? (JSON.parse(list[0]) as { message: string }).message : undefined;
}

let memberSeq = 0;
/**
 * A member with a password (members normally sign in with LINE; a password keeps server tests simple) and, like
 * every member who may spend, a verified phone: `phone: null` makes one who never verified a phone.
 */
export async function createMember(
  server: TestServer,
  opts: { name?: string; roles?: Role[]; branch?: string | null; phone?: string | null } = {},
) {
  memberSeq += 1;
  const isMember = !opts.roles || opts.roles.includes('Member');
  // 07… numbers: tests that verify a phone of their own use 08… ones (tests/server/account/helpers.ts).
  const phone = opts.phone !== undefined ? opts.phone : isMember ? `07${String(memberSeq).padStart(8, '0')}` : null;
  const name = opts.name ?? `member${memberSeq}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const pwd = 'member-password';
  await server.database.db.insert(users).values({
    name,
    email: name,
    full_name: `Member ${memberSeq}`,
    first_name: 'Member',
    last_name: String(memberSeq),
    roles: opts.roles ?? ['Member'],
    branch: opts.branch ?? null,
    mobile_no: phone,
    phone_verified: Boolean(phone),
    password_hash: await hashPassword(pwd),
  });
  const customer = `CUST-T${String(memberSeq).padStart(4, '0')}-${Math.random().toString(36).slice(2, 6)}`;
  if (isMember) {
    await server.database.db.insert(customers).values({ name: customer, customer_name: name, user: name, loyalty_program: 'Member Rewards' });
  }
  const session = new Session(server.app);
  const res = await session.login(name, pwd);
  if (res.statusCode !== 200) throw new Error(`member login failed: ${res.body}`);
  return { name, customer, pwd, session };
}

/** A server with the demo data (catalogue, branches) and its store staff signed in, for tests of the till. */
export async function createTillServer(): Promise<{ server: TestServer; staff: Session }> {
  const server = await createTestServer({ seedDemo: true });
  const staff = new Session(server.app);
  const res = await staff.login(STAFF.usr, STAFF.pwd);
  if (res.statusCode !== 200) throw new Error(`staff login failed: ${res.body}`);
  return { server, staff };
}

/** A server with the demo data (its loyalty programme, catalogue and branches) and its Loyalty Manager signed in. */
export async function createManagerServer(): Promise<{ server: TestServer; manager: Session }> {
  const server = await createTestServer({ seedDemo: true });
  const manager = new Session(server.app);
  const res = await manager.login(LOYALTY_MANAGER.usr, LOYALTY_MANAGER.pwd);
  if (res.statusCode !== 200) throw new Error(`manager login failed: ${res.body}`);
  return { server, manager };
}

/** A new member whose phone has registered for member codes (what My ID does on its first opening). */
export async function createMemberWithDevice(server: TestServer) {
  const m = await createMember(server);
  const res = await m.session.call('member_rewards.member_code.register_device', {});
  if (res.statusCode !== 200) throw new Error(`register_device failed: ${res.body}`);
  return { ...m, device: res.json().message as MemberCodeDevice };
}
