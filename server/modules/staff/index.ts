import type { ServerModule } from '../../frappe/module';
import { defineMethod } from '../../frappe/methods';
import { REGISTER_DEVICE, DEVICE_STATUS } from '../../../contracts/member-code';
import { AWARD_POINTS, CONFIRM_REWARD, CREATE_STAFF_USER, RESOLVE_CODE, SET_STAFF_USER_ENABLED, STAFF_ACTIONS } from '../../../contracts/staff';
import { revokeOnCredentials } from './codes';
import { branchActions, deviceStatus, registerMemberDevice, setStaffUserEnabled } from './service';
import { resolveCode } from './scan';
import { awardPoints } from './award';
import { confirmReward } from './hand-over';
import { createStaff } from '../admin/staff-accounts';

/**
 * member_rewards.member_code.register_device: called by the app after sign-in (and by /my-id when it holds no
 * live device). Returns the secret the device uses to compute its rotating code offline; revokes older devices.
 */
const registerDeviceMethod = defineMethod({
  ...REGISTER_DEVICE,
  verbs: ['POST'],
  allow: ['Member'],
  handler: (ctx) => registerMemberDevice(ctx),
});

const deviceStatusMethod = defineMethod({
  ...DEVICE_STATUS,
  verbs: ['GET', 'POST'],
  allow: ['Member'],
  handler: (ctx, { device_id }) => deviceStatus(ctx, device_id),
});

const resolveCodeMethod = defineMethod({
  ...RESOLVE_CODE,
  // POST only: member codes never go in a URL (ASVS 14.2.1).
  verbs: ['POST'],
  allow: ['Store Staff'],
  handler: (ctx, args) => resolveCode(ctx, args.code),
});

const awardPointsMethod = defineMethod({
  ...AWARD_POINTS,
  verbs: ['POST'],
  allow: ['Store Staff'],
  handler: (ctx, args) => awardPoints(ctx, args),
});

const confirmRewardMethod = defineMethod({
  ...CONFIRM_REWARD,
  verbs: ['POST'],
  allow: ['Store Staff'],
  handler: (ctx, args) => confirmReward(ctx, args.code),
});

const actionsMethod = defineMethod({
  ...STAFF_ACTIONS,
  verbs: ['GET'],
  allow: ['Store Staff', 'Branch Manager', 'Loyalty Manager'],
  handler: (ctx, args) => branchActions(ctx, args.start ?? 0, args.limit ?? 50),
});

/** Ours: a System Manager adds a Store Staff account for one branch (each staff user belongs to one branch). */
const createStaffUserMethod = defineMethod({
  ...CREATE_STAFF_USER,
  verbs: ['POST'],
  allow: ['System Manager'],
  // The back office's creation path, with the password given instead of a mailed link.
  handler: async (ctx, { password, ...account }) => {
    const row = await createStaff(ctx, { ...account, role: 'Store Staff' }, password);
    return { name: row.name, full_name: row.full_name, branch: row.branch, roles: [row.role] };
  },
});

/** Ours: a System Manager disables (0) or re-enables (1) a Store Staff account. */
const setStaffUserEnabledMethod = defineMethod({
  ...SET_STAFF_USER_ENABLED,
  verbs: ['POST'],
  allow: ['System Manager'],
  handler: (ctx, args) => setStaffUserEnabled(ctx, args.user, args.enabled === 1),
});

export const staffModule: ServerModule = {
  name: 'staff',
  methods: [
    registerDeviceMethod, deviceStatusMethod, resolveCodeMethod, awardPointsMethod, confirmRewardMethod, actionsMethod, createStaffUserMethod,
    setStaffUserEnabledMethod,
  ],
  doctypes: [],
  onCredentials: revokeOnCredentials,
};
