import type { Executor } from '../client';
import type { ServerConfig } from '../../config';
import { users } from '../schema/auth';
import { hashPassword, randomToken } from '../../frappe/crypto';

import { BRANCHES } from './constants';

export const DEFAULT_STAFF_BRANCH = BRANCHES[0];

/** The admin and the store staff user: passwords from the environment, or generated and printed once. */
export async function seedUsers(tx: Executor, config: ServerConfig): Promise<string[]> {
  const messages: string[] = [];
  const accounts = [
    {
      email: config.seed.adminEmail ?? 'admin@example.com',
      password: config.seed.adminPassword,
      full_name: 'Administrator',
      roles: ['System Manager', 'Blog Manager'],
      branch: null,
      label: 'Admin',
    },
    {
      email: config.seed.staffEmail ?? 'staff@example.com',
      password: config.seed.staffPassword,
      full_name: 'พนักงานสาขาสยาม',
      roles: ['Store Staff'],
      branch: DEFAULT_STAFF_BRANCH,
      label: 'Store staff',
    },
  ];
  for (const a of accounts) {
    const password = a.password ?? randomToken(12);
    if (!a.password) messages.push(`${a.label} sign-in: ${a.email} / ${password} (generated once; set ${a.label === 'Admin' ? 'ADMIN' : 'STAFF'}_PASSWORD to choose it)`);
    await tx.insert(users).values({
      name: a.email,
      email: a.email,
      full_name: a.full_name,
      first_name: a.full_name,
      user_type: 'System User',
      roles: a.roles,
      branch: a.branch,
      password_hash: await hashPassword(password),
      phone_verified: true,
    });
  }
  return messages;
}
