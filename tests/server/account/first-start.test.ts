import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mr-first-start-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/**
 * Starts the real server the way `npm start` does, with the default log level (no NODE_ENV, no LOG_LEVEL),
 * and hands back its stdout up to the ready line. `check` runs while it listens; then it is stopped.
 */
async function start(port: number, check: () => Promise<void> = async () => {}): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'db'), DIST_DIR: path.join(dir, 'no-dist'), SEED_DEMO: '0' };
  for (const name of ['NODE_ENV', 'LOG_LEVEL', 'DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'STAFF_EMAIL', 'STAFF_PASSWORD', 'TRUST_PROXY']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Member Rewards is running')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${out}\n${err}`)));
    });
    await check();
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return out;
}

describe('first start', () => {
  it('prints the generated admin and staff passwords (and the development Web Push keys) on stdout once, and they sign in', async () => {
    const port = await freePort();
    const first = await start(port);
    expect(first).toContain('shown once');
    const admin = /Admin sign-in: (\S+) \/ (\S+)/.exec(first);
    const staff = /Store staff sign-in: (\S+) \/ (\S+)/.exec(first);
    expect(admin?.[1]).toBe('admin@example.com');
    expect(staff?.[1]).toBe('staff@example.com');
    expect(first.indexOf(admin![0])).toBeLessThan(first.indexOf('Member Rewards is running'));
    // Development: the Web Push keys are generated at the first start, printed once, and kept.
    const vapid = /VAPID_PUBLIC_KEY=([A-Za-z0-9_-]{87})\n\s*VAPID_PRIVATE_KEY=([A-Za-z0-9_-]{43})/.exec(first);
    expect(vapid).not.toBeNull();

    const second = await start(port, async () => {
      for (const [usr, pwd] of [admin!, staff!].map((m) => [m[1], m[2]])) {
        const res = await fetch(`http://127.0.0.1:${port}/api/method/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ usr, pwd }),
        });
        expect(res.status).toBe(200);
      }
    });
    expect(second).not.toContain('sign-in:');
    expect(second).not.toContain('VAPID_');
    expect(second).not.toContain(admin![2]);
  }, 60_000);
});
