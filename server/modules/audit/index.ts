import { eq } from 'drizzle-orm';
import type { ServerModule } from '../../frappe/module';
import type { DoctypeDef } from '../../frappe/doctypes';
import { AUDIT_LOG } from '../../../contracts/admin';
import { auditLog } from '../../db/schema/audit';
import { ALL_ROWS } from '../realtime/scope';

/**
 * Audit Log: read-only for everyone (no create, update or delete is declared, and the table refuses them). System
 * and Loyalty Managers read every row, a Branch Manager the rows of their own branch.
 */
const auditLogDoctype: DoctypeDef = {
  ...AUDIT_LOG,
  table: auditLog,
  read: {
    allow: ['Loyalty Manager', 'Branch Manager'],
    scope: (ctx) => {
      if (ctx.user.roles.includes('Loyalty Manager')) return ALL_ROWS;
      return ctx.user.branch ? eq(auditLog.branch, ctx.user.branch) : null;
    },
  },
  defaultOrder: 'seq desc',
  realtime: false,
};

export const auditModule: ServerModule = {
  name: 'audit',
  doctypes: [auditLogDoctype],
};
