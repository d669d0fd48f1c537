import * as v from 'valibot';
import type { ServerModule } from '../../frappe/module';
import { defineMethod, flag, noArgs, numeric, offsetArg } from '../../frappe/methods';
import { RECEIPT_NO_MAX } from '../../../contracts/staff';
import { revokeOnCredentials } from './codes';
import {
  awardPoints, branchActions, confirmReward, createStaffUser, deviceStatus, registerMemberDevice, resolveCode, setStaffUserEnabled,
} from './service';

const code = (message: string) => v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(64, message));

/**
 * member_rewards.member_code.register_device: called by the app after sign-in (and by /my-id when it holds no
 * live device). Returns the secret the device uses to compute its rotating code offline; revokes older devices.
 */
const registerDeviceMethod = defineMethod({
  path: 'member_rewards.member_code.register_device',
  verbs: ['POST'],
  allow: ['Member'],
  args: noArgs,
  handler: (ctx) => registerMemberDevice(ctx),
});

const deviceStatusMethod = defineMethod({
  path: 'member_rewards.member_code.device_status',
  verbs: ['GET', 'POST'],
  allow: ['Member'],
  args: v.looseObject({ device_id: code('Device is required') }),
  handler: (ctx, { device_id }) => deviceStatus(ctx, device_id),
});

const resolveCodeMethod = defineMethod({
  path: 'member_rewards.staff.resolve_code',
  // POST only: member codes never go in a URL (ASVS 14.2.1).
  verbs: ['POST'],
  allow: ['Store Staff'],
  args: v.looseObject({ code: code('Code is required') }),
  handler: (ctx, args) => resolveCode(ctx, args.code),
});

const awardPointsMethod = defineMethod({
  path: 'member_rewards.staff.award_points',
  verbs: ['POST'],
  allow: ['Store Staff'],
  args: v.pipe(
    v.looseObject({
      scan_token: v.optional(v.pipe(v.string(), v.maxLength(2000))),
      member_code: v.optional(v.pipe(v.string(), v.maxLength(64))),
      // The amount's range and the receipt's characters are checked by the service, which refuses with a reason.
      amount: numeric(),
      receipt_no: v.pipe(
        v.string('Receipt number is required'),
        v.trim(),
        v.minLength(1, 'Receipt number is required'),
        v.maxLength(RECEIPT_NO_MAX, 'Receipt number is too long'),
      ),
    }),
    v.check((a) => Boolean(a.scan_token || a.member_code), 'Scan the member code first'),
  ),
  handler: (ctx, args) => awardPoints(ctx, args),
});

const confirmRewardMethod = defineMethod({
  path: 'member_rewards.staff.confirm_reward',
  verbs: ['POST'],
  allow: ['Store Staff'],
  args: v.looseObject({ code: code('Code is required') }),
  handler: (ctx, args) => confirmReward(ctx, args.code),
});

const actionsMethod = defineMethod({
  path: 'member_rewards.staff.actions',
  verbs: ['GET'],
  allow: ['Store Staff', 'Branch Manager', 'Loyalty Manager'],
  args: v.looseObject({
    start: v.optional(offsetArg()),
    limit: v.optional(v.pipe(numeric(), v.integer(), v.minValue(1), v.maxValue(200))),
  }),
  handler: (ctx, args) => branchActions(ctx, args.start ?? 0, args.limit ?? 50),
});

/** Ours: a System Manager adds a Store Staff account for one branch (each staff user belongs to one branch). */
const createStaffUserMethod = defineMethod({
  path: 'member_rewards.staff.create_staff_user',
  verbs: ['POST'],
  allow: ['System Manager'],
  args: v.looseObject({
    email: v.pipe(v.string('Email is required'), v.trim(), v.toLowerCase(), v.email('Email is invalid'), v.maxLength(200, 'Email is invalid')),
    full_name: v.pipe(v.string('Full name is required'), v.trim(), v.minLength(1, 'Full name is required'), v.maxLength(140, 'Full name is too long')),
    password: v.pipe(v.string('Password is required'), v.minLength(10, 'Password must be at least 10 characters'), v.maxLength(200)),
    branch: v.pipe(v.string('Branch is required'), v.trim(), v.minLength(1, 'Branch is required')),
  }),
  handler: (ctx, args) => createStaffUser(ctx, args),
});

/** Ours: a System Manager disables (0) or re-enables (1) a Store Staff account. */
const setStaffUserEnabledMethod = defineMethod({
  path: 'member_rewards.staff.set_staff_user_enabled',
  verbs: ['POST'],
  allow: ['System Manager'],
  args: v.looseObject({
    user: v.pipe(v.string('User is required'), v.trim(), v.minLength(1, 'User is required'), v.maxLength(200)),
    enabled: flag(),
  }),
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
