import { ADMIN, BRANCH_MANAGER, createMember, createTestServer, LOYALTY_MANAGER, Session, type TestServer } from '../support/server';
import { BRANCHES } from '../../server/seed/constants';
import { GUEST, type CurrentUser } from '../../server/frappe/context';
import type { Role } from '../../server/db/schema/auth';
import { addAddress, givePoints } from '../server/orders/support';

export type RoleName = 'guest' | 'memberA' | 'memberB' | 'staffA' | 'staffB' | 'loyaltyManager' | 'branchManagerA' | 'admin';

export interface Actor {
  role: RoleName;
  session: Session;
  user: CurrentUser;
  name?: string;
  customer?: string;
}

function asUser(name: string, roles: Role[], branch: string | null = null): CurrentUser {
  return { name, roles, isGuest: false, fullName: name, branch, via: 'session' };
}

/** The callers of the security suite, each with a live session, on a server with the demo data. */
export async function createWorld(): Promise<{ server: TestServer; actors: Record<RoleName, Actor> }> {
  const server = await createTestServer({ seedDemo: true });
  const a = await createMember(server);
  const b = await createMember(server);
  const sa = await createMember(server, { roles: ['Store Staff'], branch: BRANCHES[0] });
  const sb = await createMember(server, { roles: ['Store Staff'], branch: BRANCHES[1] });
  const admin = new Session(server.app);
  await admin.login(ADMIN.usr, ADMIN.pwd);
  const loyalty = new Session(server.app);
  await loyalty.login(LOYALTY_MANAGER.usr, LOYALTY_MANAGER.pwd);
  const branchManager = new Session(server.app);
  await branchManager.login(BRANCH_MANAGER.usr, BRANCH_MANAGER.pwd);
  for (const m of [a, b]) {
    await givePoints(server, m.customer, 200);
    await addAddress(server, m.customer);
  }
  const actors: Record<RoleName, Actor> = {
    guest: { role: 'guest', session: new Session(server.app), user: GUEST },
    memberA: { role: 'memberA', session: a.session, user: asUser(a.name, ['Member']), name: a.name, customer: a.customer },
    memberB: { role: 'memberB', session: b.session, user: asUser(b.name, ['Member']), name: b.name, customer: b.customer },
    staffA: { role: 'staffA', session: sa.session, user: asUser(sa.name, ['Store Staff'], BRANCHES[0]), name: sa.name },
    staffB: { role: 'staffB', session: sb.session, user: asUser(sb.name, ['Store Staff'], BRANCHES[1]), name: sb.name },
    loyaltyManager: { role: 'loyaltyManager', session: loyalty, user: asUser(LOYALTY_MANAGER.usr, ['Loyalty Manager']), name: LOYALTY_MANAGER.usr },
    branchManagerA: { role: 'branchManagerA', session: branchManager, user: asUser(BRANCH_MANAGER.usr, ['Branch Manager'], BRANCHES[0]), name: BRANCH_MANAGER.usr },
    admin: { role: 'admin', session: admin, user: asUser(ADMIN.usr, ['System Manager', 'Blog Manager']), name: ADMIN.usr },
  };
  return { server, actors };
}

