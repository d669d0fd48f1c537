import { eq } from 'drizzle-orm';
import type { TestServer } from '../../support/server';
import { ADMIN, BRANCH_MANAGER, LOYALTY_MANAGER, serverMessage, Session, STAFF } from '../../support/server';
import { auditLog } from '../../../server/db/schema/audit';

type Res = { statusCode: number; json(): unknown };

/** The seeded Loyalty Manager and Branch Manager (สาขาสยาม), signed in. */
export async function managers(server: TestServer) {
  const loyalty = new Session(server.app);
  const branch = new Session(server.app);
  for (const [s, who] of [[loyalty, LOYALTY_MANAGER], [branch, BRANCH_MANAGER]] as const) {
    const res = await s.login(who.usr, who.pwd);
    if (res.statusCode !== 200) throw new Error(`manager login failed: ${(res as { body?: string }).body}`);
  }
  return { loyalty, branch };
}

/** Everyone a back-office test acts as, signed in: both managers, the administrator and the till's staff. */
export async function backOfficeSessions(server: TestServer) {
  const { loyalty, branch } = await managers(server);
  const admin = new Session(server.app);
  await admin.login(ADMIN.usr, ADMIN.pwd);
  const staff = new Session(server.app);
  await staff.login(STAFF.usr, STAFF.pwd);
  return { lm: loyalty, bm: branch, admin, staff };
}

export const errorCode = (res: Res) => (res.json() as { error_code?: string }).error_code;
export const message = (res: Res) => serverMessage(res.json() as { _server_messages?: string });

/** The audit rows about one document, oldest first. */
export async function auditOf(server: TestServer, refName: string) {
  const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.ref_name, refName));
  return rows.sort((a, b) => a.seq - b.seq);
}
