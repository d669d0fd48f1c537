import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/audit';

export type AuditRow = Omit<typeof auditLog.$inferInsert, 'name' | 'seq' | 'creation'>;

export async function insertAudit(tx: Executor, row: AuditRow) {
  await tx.insert(auditLog).values({ ...row, name: `AUD-${randomBytes(8).toString('hex')}` });
}
