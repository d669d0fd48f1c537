import type { Executor } from '../db/client';
import type { ServerConfig } from '../config';
import { users } from '../db/schema/auth';
import { hashPassword, randomToken } from '../frappe/crypto';

import { BRANCHES } from './constants';

export const DEFAULT_STAFF_BRANCH = BRANCHES[0];

/**
 * The sign-in accounts of a new installation: the admin, a store staff user, a loyalty manager and a branch
 * manager (of the staff user's branch). Passwords come from the environment, or are generated and printed once.
 */
export async function seedUsers(tx: Executor, config: ServerConfig): Promise<string[]> {
  const accounts = [
    {
      email: config.seed.adminEmail ?? 'admin@example.com',
      password: config.seed.adminPassword,
      full_name: 'Administrator',
      roles: ['System Manager', 'Blog Manager'],
      branch: null,
      label: 'Admin',
      env: 'ADMIN',
    },
    {
      email: config.seed.staffEmail ?? 'staff@example.com',
      password: config.seed.staffPassword,
      full_name: 'พนักงานสาขาสยาม',
      roles: ['Store Staff'],
      branch: DEFAULT_STAFF_BRANCH,
      label: 'Store staff',
      env: 'STAFF',
    },
    {
      email: config.seed.loyaltyManagerEmail ?? 'loyalty@example.com',
      password: config.seed.loyaltyManagerPassword,
      full_name: 'ผู้จัดการโปรแกรมสมาชิก',
      roles: ['Loyalty Manager'],
      branch: null,
      label: 'Loyalty manager',
      env: 'LOYALTY_MANAGER',
    },
    {
      email: config.seed.branchManagerEmail ?? 'branch.manager@example.com',
      password: config.seed.branchManagerPassword,
      full_name: 'ผู้จัดการสาขาสยาม',
      roles: ['Branch Manager'],
      branch: DEFAULT_STAFF_BRANCH,
      label: 'Branch manager',
      env: 'BRANCH_MANAGER',
    },
  ];
  const messages: string[] = [];
  const passwords = accounts.map((a) => a.password ?? randomToken(12));
  // scrypt runs on the thread pool: the four hashes take the time of one.
  const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
  for (const [i, a] of accounts.entries()) {
    if (!a.password) messages.push(`${a.label} sign-in: ${a.email} / ${passwords[i]} (generated once; set ${a.env}_PASSWORD to choose it)`);
    await tx.insert(users).values({
      name: a.email,
      email: a.email,
      // The first start vouches for the back office's addresses, as an administrator creating them would.
      email_verified: true,
      full_name: a.full_name,
      first_name: a.full_name,
      user_type: 'System User',
      roles: a.roles,
      branch: a.branch,
      password_hash: hashes[i]!,
      phone_verified: true,
    });
  }
  return messages;
}
