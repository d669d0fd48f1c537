import { eq } from 'drizzle-orm';
import type { TestServer } from '../../support/server';
import { BRANCH_MANAGER, LOYALTY_MANAGER, serverMessage, Session } from '../../support/server';
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

export const errorCode = (res: Res) => (res.json() as { error_code?: string }).error_code;
export const message = (res: Res) => serverMessage(res.json() as { _server_messages?: string });

/** The audit rows about one document, oldest first. */
export async function auditOf(server: TestServer, refName: string) {
  const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.ref_name, refName));
  return rows.sort((a, b) => a.seq - b.seq);
}
