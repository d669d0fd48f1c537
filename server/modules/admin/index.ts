import type { ServerModule } from '../../frappe/module';
import type * as v from 'valibot';
import type { Allow } from '../../frappe/context';
import { defineMethod, noArgs, type HttpVerb, type MethodDef } from '../../frappe/methods';
import {
  ADMIN_METHODS as P, AdjustPointsAnswer, AdjustPointsArgs, CreateStaffAnswer, CreateStaffArgs, ExportArgs, ImportPointsAnswer, ImportPointsArgs,
  ListStaffAnswer, ListStaffArgs, MemberSummaryAnswer, MemberSummaryArgs, PasswordResetSentAnswer, ReasonsAnswer, SearchMembersAnswer,
  SearchMembersArgs, SetMemberBlockedAnswer, SetMemberBlockedArgs, StaffRowSchema, StaffUserArgs, UpdateReasonsArgs, UpdateStaffArgs,
} from '../../../contracts/admin';
import { memberSummary, searchMembers, setMemberBlocked } from './members';
import { adjustmentReasons, adjustPoints, updateAdjustmentReasons } from './points';
import { importPoints } from './import';
import { exportCsv } from './export';
import { createStaff, listStaff, sendStaffPasswordReset, updateStaff } from './staff-accounts';

/**
 * The back office's methods. Loyalty Managers run the programme (members, points, imports, exports, reasons);
 * Branch Managers look members up and manage their own branch's staff; System Manager passes every rule.
 */
const MANAGERS = ['Loyalty Manager', 'Branch Manager'] as const;
const LOYALTY = ['Loyalty Manager'] as const;
const READ = ['GET', 'POST'] as const;
const WRITE = ['POST'] as const;

/** One back-office method: its path, arguments and answer (contracts/admin.ts), who may call it, how, and what it does. */
const method = <S extends v.GenericSchema>(
  path: string, args: S, returns: v.GenericSchema, allow: readonly Allow[], verbs: readonly HttpVerb[], handler: MethodDef<S>['handler'],
) => defineMethod({ path, args, returns, allow, verbs, handler });

export const adminModule: ServerModule = {
  name: 'admin',
  methods: [
    method(P.searchMembers, SearchMembersArgs, SearchMembersAnswer, MANAGERS, READ, (ctx, args) => searchMembers(ctx, args)),
    method(P.memberSummary, MemberSummaryArgs, MemberSummaryAnswer, MANAGERS, READ, (ctx, args) => memberSummary(ctx, args)),
    method(P.adjustPoints, AdjustPointsArgs, AdjustPointsAnswer, LOYALTY, WRITE, (ctx, args) => adjustPoints(ctx, args)),
    method(P.importPoints, ImportPointsArgs, ImportPointsAnswer, LOYALTY, WRITE, (ctx, args) => importPoints(ctx, args)),
    method(P.setMemberBlocked, SetMemberBlockedArgs, SetMemberBlockedAnswer, LOYALTY, WRITE, (ctx, args) => setMemberBlocked(ctx, args)),
    // A download: GET (a link) or POST; the answer is text/csv (EXPORT_COLUMNS), not JSON.
    defineMethod({ path: P.export, args: ExportArgs, raw: true, allow: LOYALTY, verbs: READ, handler: (ctx, args) => exportCsv(ctx, args) }),
    method(P.getAdjustmentReasons, noArgs, ReasonsAnswer, LOYALTY, ['GET'], async (ctx) => ({ reasons: await adjustmentReasons(ctx.db) })),
    method(P.updateAdjustmentReasons, UpdateReasonsArgs, ReasonsAnswer, LOYALTY, WRITE, (ctx, args) => updateAdjustmentReasons(ctx, args.reasons)),
    method(P.listStaff, ListStaffArgs, ListStaffAnswer, MANAGERS, READ, (ctx, args) => listStaff(ctx, args)),
    method(P.createStaff, CreateStaffArgs, CreateStaffAnswer, MANAGERS, WRITE, (ctx, args) => createStaff(ctx, args)),
    method(P.updateStaff, UpdateStaffArgs, StaffRowSchema, MANAGERS, WRITE, (ctx, args) => updateStaff(ctx, args)),
    method(P.sendStaffPasswordReset, StaffUserArgs, PasswordResetSentAnswer, MANAGERS, WRITE, (ctx, args) => sendStaffPasswordReset(ctx, args.user)),
  ],
};
