import type { ServerModule } from '../../frappe/module';
import { defineMethod, noArgs } from '../../frappe/methods';
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

const searchMembersMethod = defineMethod({
  path: P.searchMembers,
  verbs: ['GET', 'POST'],
  allow: MANAGERS,
  args: SearchMembersArgs,
  returns: SearchMembersAnswer,
  handler: (ctx, args) => searchMembers(ctx, args),
});

const memberSummaryMethod = defineMethod({
  path: P.memberSummary,
  verbs: ['GET', 'POST'],
  allow: MANAGERS,
  args: MemberSummaryArgs,
  returns: MemberSummaryAnswer,
  handler: (ctx, args) => memberSummary(ctx, args),
});

const adjustPointsMethod = defineMethod({
  path: P.adjustPoints,
  verbs: ['POST'],
  allow: LOYALTY,
  args: AdjustPointsArgs,
  returns: AdjustPointsAnswer,
  handler: (ctx, args) => adjustPoints(ctx, args),
});

const importPointsMethod = defineMethod({
  path: P.importPoints,
  verbs: ['POST'],
  allow: LOYALTY,
  args: ImportPointsArgs,
  returns: ImportPointsAnswer,
  handler: (ctx, args) => importPoints(ctx, args),
});

const setMemberBlockedMethod = defineMethod({
  path: P.setMemberBlocked,
  verbs: ['POST'],
  allow: LOYALTY,
  args: SetMemberBlockedArgs,
  returns: SetMemberBlockedAnswer,
  handler: (ctx, args) => setMemberBlocked(ctx, args),
});

/** A download: GET (a link) or POST; the answer is text/csv (EXPORT_COLUMNS), not JSON. */
const exportMethod = defineMethod({
  path: P.export,
  verbs: ['GET', 'POST'],
  allow: LOYALTY,
  raw: true,
  args: ExportArgs,
  handler: (ctx, args) => exportCsv(ctx, args),
});

const getReasonsMethod = defineMethod({
  path: P.getAdjustmentReasons,
  verbs: ['GET'],
  allow: LOYALTY,
  args: noArgs,
  returns: ReasonsAnswer,
  handler: async (ctx) => ({ reasons: await adjustmentReasons(ctx.db) }),
});

const updateReasonsMethod = defineMethod({
  path: P.updateAdjustmentReasons,
  verbs: ['POST'],
  allow: LOYALTY,
  args: UpdateReasonsArgs,
  returns: ReasonsAnswer,
  handler: (ctx, args) => updateAdjustmentReasons(ctx, args.reasons),
});

const listStaffMethod = defineMethod({
  path: P.listStaff,
  verbs: ['GET', 'POST'],
  allow: MANAGERS,
  args: ListStaffArgs,
  returns: ListStaffAnswer,
  handler: (ctx, args) => listStaff(ctx, args),
});

const createStaffMethod = defineMethod({
  path: P.createStaff,
  verbs: ['POST'],
  allow: MANAGERS,
  args: CreateStaffArgs,
  returns: CreateStaffAnswer,
  handler: (ctx, args) => createStaff(ctx, args),
});

const updateStaffMethod = defineMethod({
  path: P.updateStaff,
  verbs: ['POST'],
  allow: MANAGERS,
  args: UpdateStaffArgs,
  returns: StaffRowSchema,
  handler: (ctx, args) => updateStaff(ctx, args),
});

const sendStaffPasswordResetMethod = defineMethod({
  path: P.sendStaffPasswordReset,
  verbs: ['POST'],
  allow: MANAGERS,
  args: StaffUserArgs,
  returns: PasswordResetSentAnswer,
  handler: (ctx, args) => sendStaffPasswordReset(ctx, args.user),
});

export const adminModule: ServerModule = {
  name: 'admin',
  methods: [
    searchMembersMethod, memberSummaryMethod, adjustPointsMethod, importPointsMethod, setMemberBlockedMethod, exportMethod,
    getReasonsMethod, updateReasonsMethod, listStaffMethod, createStaffMethod, updateStaffMethod, sendStaffPasswordResetMethod,
  ],
};
