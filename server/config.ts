import net from 'node:net';
import path from 'node:path';

/** Everything the server reads from the environment, in one place (docs/configuration.md lists each variable). */
export interface ServerConfig {
  port: number;
  host: string;
  /** Directory of the embedded PGlite database; ignored when databaseUrl is set. `memory://` for tests. */
  dataDir: string;
  databaseUrl?: string;
  production: boolean;
  /** Public origin the app is served from (used for LINE's redirect address). */
  publicUrl: string;
  distDir: string;
  filesDir: string;
  sessionTtlHours: number;
  /** How long an API token (`frappeauth_app.authentication.login`) works. */
  apiTokenTtlDays: number;
  maxUploadBytes: number;
  line?: { channelId: string; channelSecret: string };
  sms?: { url: string; token?: string };
  /** The LIFF app (inside LINE) of the LINE Login channel above; without it a development stand-in plays LIFF. */
  liffId?: string;
  /** LINE Messaging API (pushes to members); without it a development outbox. `apiBase` only for tests. */
  lineMessaging?: { accessToken: string; apiBase?: string };
  /** Web Push (VAPID): keys from the environment, else generated once and kept in the database (not in production). */
  webPush: { publicKey?: string; privateKey?: string; subject: string; allowedHosts: string[] };
  mail?: { url: string; token?: string };
  seed: {
    adminEmail?: string;
    adminPassword?: string;
    staffEmail?: string;
    staffPassword?: string;
    loyaltyManagerEmail?: string;
    loyaltyManagerPassword?: string;
    branchManagerEmail?: string;
    branchManagerPassword?: string;
  };
  /** Skip the demo catalogue etc. (tests seed what they need). */
  seedDemo: boolean;
  logLevel: string;
  /**
   * Fastify's trustProxy: which peers may set X-Forwarded-For / -Proto / -Host. Off by default, because a
   * trusted header decides the client address that per-IP rate limits count.
   */
  trustProxy: boolean | string[];
  /** How often each instance looks for due background jobs (ms); 0: this instance runs none. */
  jobsPollMs: number;
  /** Check every method's answer against its contract (`returns`); on in tests, off in production. */
  checkAnswers?: boolean;
  /** The loyalty jobs (expiry, reminders, reward and payment deadlines, tiers, bonuses, report snapshot): seconds between runs, 0 = off. */
  jobsIntervalSeconds: number;
}

/** proxy-addr's names for address ranges, accepted beside plain addresses and CIDRs. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset/'false' (off), 'true' (any peer) or a comma-separated list of addresses/CIDRs. No hop
 * count: Fastify 5 ignores one (it cannot tell the proxy from a client connecting directly), and a setting
 * that silently does nothing would leave cookies without Secure and every client counted as the proxy.
 */
export function parseTrustProxy(raw: string | undefined): boolean | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    throw new Error(`TRUST_PROXY: a hop count (${value}) is not supported; list the proxy's addresses instead, e.g. TRUST_PROXY=127.0.0.1 or 10.0.0.0/8`);
  }
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of list) {
    const [addr, bits, extra] = entry.split('/');
    const valid = extra === undefined && (PROXY_RANGES.has(entry) || (net.isIP(addr ?? '') !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits))));
    if (!valid) throw new Error(`TRUST_PROXY: "${entry}" is not an address or a CIDR range (or 'true' / 'false')`);
  }
  return list;
}

/** The push services browsers subscribe with: in production the server only ever posts to these hosts. */
export const DEFAULT_PUSH_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

function liffIdOf(env: NodeJS.ProcessEnv): string | undefined {
  const id = env.LIFF_ID?.trim();
  if (!id) return undefined;
  if (!env.LINE_CHANNEL_ID || !env.LINE_CHANNEL_SECRET) {
    throw new Error('LIFF_ID needs LINE_CHANNEL_ID and LINE_CHANNEL_SECRET: the LIFF app belongs to that LINE Login channel');
  }
  if (!/^[\w-]{1,64}$/.test(id)) throw new Error(`LIFF_ID "${id}" is not a LIFF app id (e.g. 1234567890-AbcdEfgh)`);
  return id;
}

function webPushOf(env: NodeJS.ProcessEnv): ServerConfig['webPush'] {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() || undefined;
  if (Boolean(publicKey) !== Boolean(privateKey)) throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  const subject = env.VAPID_SUBJECT?.trim() || `mailto:${env.ADMIN_EMAIL ?? 'admin@example.com'}`;
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new Error('VAPID_SUBJECT must be a mailto: or https: address');
  const hosts = env.PUSH_ENDPOINT_HOSTS?.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  return { publicKey, privateKey, subject, allowedHosts: hosts?.length ? hosts : DEFAULT_PUSH_HOSTS };
}

function nonNegativeInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new Error(`${name} must be a whole number, not "${raw}"`);
  return Number(raw.trim());
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8000);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    production: env.NODE_ENV === 'production',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    filesDir: path.resolve(env.FILES_DIR ?? path.join(dataDir, 'files')),
    sessionTtlHours: Number(env.SESSION_TTL_HOURS ?? 24 * 30),
    apiTokenTtlDays: Number(env.API_TOKEN_TTL_DAYS ?? 30),
    maxUploadBytes: Number(env.MAX_UPLOAD_BYTES ?? 5 * 1024 * 1024),
    line:
      env.LINE_CHANNEL_ID && env.LINE_CHANNEL_SECRET
        ? { channelId: env.LINE_CHANNEL_ID, channelSecret: env.LINE_CHANNEL_SECRET }
        : undefined,
    liffId: liffIdOf(env),
    lineMessaging: env.LINE_CHANNEL_ACCESS_TOKEN ? { accessToken: env.LINE_CHANNEL_ACCESS_TOKEN } : undefined,
    webPush: webPushOf(env),
    sms: env.SMS_GATEWAY_URL ? { url: env.SMS_GATEWAY_URL, token: env.SMS_GATEWAY_TOKEN } : undefined,
    mail: env.MAIL_GATEWAY_URL ? { url: env.MAIL_GATEWAY_URL, token: env.MAIL_GATEWAY_TOKEN } : undefined,
    seed: {
      adminEmail: env.ADMIN_EMAIL,
      adminPassword: env.ADMIN_PASSWORD,
      staffEmail: env.STAFF_EMAIL,
      staffPassword: env.STAFF_PASSWORD,
      loyaltyManagerEmail: env.LOYALTY_MANAGER_EMAIL,
      loyaltyManagerPassword: env.LOYALTY_MANAGER_PASSWORD,
      branchManagerEmail: env.BRANCH_MANAGER_EMAIL,
      branchManagerPassword: env.BRANCH_MANAGER_PASSWORD,
    },
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'warn'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    jobsPollMs: nonNegativeInt(env.JOBS_POLL_MS, 2000, 'JOBS_POLL_MS'),
    jobsIntervalSeconds: nonNegativeInt(env.LOYALTY_JOBS_INTERVAL_SECONDS, 300, 'LOYALTY_JOBS_INTERVAL_SECONDS'),
  };
}

/** A config for tests: in-memory database, no demo seed unless asked. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const base = readConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', SEED_DEMO: '0' } as NodeJS.ProcessEnv);
  return { ...base, dataDir: 'memory://', filesDir: path.resolve('test-results/files'), checkAnswers: true, jobsIntervalSeconds: 0, ...overrides };
}
