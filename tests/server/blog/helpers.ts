import { randomBytes } from 'node:crypto';
import type { TestServer } from '../../support/server';
import { Session } from '../../support/server';
import { apiKeys, users, type Role } from '../../../server/db/schema/auth';
import { hashPassword, sha256 } from '../../../server/frappe/crypto';

let seq = 0;

/** A user with the given roles, signed in with a cookie session, and an API token of their own. */
export async function userWithRoles(server: TestServer, roles: Role[], ip = '127.0.0.1') {
  seq += 1;
  const name = `blog-test-${seq}-${randomBytes(3).toString('hex')}@example.com`;
  const pwd = 'blog-test-password';
  await server.database.db.insert(users).values({
    name,
    email: name,
    full_name: `Blog Test ${seq}`,
    roles,
    password_hash: await hashPassword(pwd),
  });
  const key = randomBytes(8).toString('hex');
  const secret = randomBytes(16).toString('hex');
  await server.database.db.insert(apiKeys).values({ api_key: key, user: name, secret_hash: sha256(secret) });
  const session = new Session(server.app, ip);
  const res = await session.login(name, pwd);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { name, session, token: `token ${key}:${secret}` };
}

export const resource = (doctype: string, name?: string) =>
  `/api/resource/${encodeURIComponent(doctype)}${name ? `/${encodeURIComponent(name)}` : ''}`;
