import type { RequestContext } from '../../frappe/context';
import type { Executor } from '../../db/client';
import { actingRole } from '../audit/service';
import { addDays } from '../programme/rules';

import { accessPage, insertAccess } from './repository';

export type AccessKind = 'member_page' | 'search' | 'export';

/**
 * Records that the caller saw these members' personal data (the member page, a search's results, an export): who,
 * in which role and branch, which members, what, from where. The caller's own transaction or the request's.
 */
export async function logAccess(ctx: RequestContext, db: Executor, customers: readonly string[], what: AccessKind) {
  await insertAccess(
    db,
    [...new Set(customers)].map((customer) => ({
      user: ctx.user.name,
      role: actingRole(ctx.user.roles),
      branch: ctx.user.branch,
      customer,
      what,
      ip: ctx.request.ip ?? null,
    })),
  );
}

/** member_rewards.privacy.list_access_log: newest first; the days are Bangkok business days. */
export async function listAccessLog(
  ctx: RequestContext,
  args: { user?: string | null; customer?: string | null; branch?: string | null; what?: AccessKind; from_date?: string; to_date?: string; start?: number; limit?: number },
) {
  const page = await accessPage(
    ctx.db,
    {
      user: args.user,
      customer: args.customer,
      branch: args.branch,
      what: args.what,
      from: args.from_date ? bangkokMidnight(args.from_date) : undefined,
      before: args.to_date ? bangkokMidnight(addDays(args.to_date, 1)) : undefined,
    },
    args.start ?? 0,
    args.limit ?? 100,
  );
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      id: r.id,
      user: r.user,
      role: r.role,
      branch: r.branch,
      customer: r.customer,
      what: r.what as AccessKind,
      ip: r.ip,
      created_at: r.created_at.toISOString(),
    })),
  };
}

/** The instant a Bangkok business day starts (Bangkok keeps +07:00 all year). */
const bangkokMidnight = (day: string) => `${day}T00:00:00+07:00`;
