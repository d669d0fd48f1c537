import type { ServerModule } from '../../frappe/module';
import { defineMethod } from '../../frappe/methods';
import {
  PRIVACY_CONFIRM_DELETION, PRIVACY_ERASE_MEMBER, PRIVACY_EXPORT_MY_DATA, PRIVACY_GET_CONSENTS, PRIVACY_GET_NOTICE, PRIVACY_LIST_ACCESS_LOG,
  PRIVACY_LIST_NOTICES, PRIVACY_LIST_REQUESTS, PRIVACY_PUBLISH_NOTICE, PRIVACY_RECORD_REQUEST, PRIVACY_REQUEST_DELETION, PRIVACY_SEND_ERASURE_CODE,
  PRIVACY_SET_CONSENT, PRIVACY_SET_MEMBER_CONSENT, PRIVACY_GET_MEMBER_CONSENTS, PRIVACY_EXPORT_MEMBER_DATA,
} from '../../../contracts/privacy';
import { getConsents, getMemberConsents, getNotice, listNotices, publishNotice, setConsent, setMemberConsent } from './consents';
import { exportMemberData, exportMyData } from './export';
import { confirmDeletion, eraseOnRequest, requestDeletion, sendErasureCodeFor } from './erasure';
import { listRequests, recordRequest } from './requests';
import { listAccessLog } from './access-log';
import { registerRetentionJobs } from './retention';

/**
 * The member's personal data (contracts/privacy.ts). Members read and change their own consents, download their
 * data and delete their account; Loyalty Managers publish the notice and handle requests; only System Managers read
 * who looked at whose data. System Manager passes every rule.
 */
const MEMBER = ['Member'] as const;
const PRIVACY = ['Loyalty Manager'] as const;

const getNoticeMethod = defineMethod({ ...PRIVACY_GET_NOTICE, verbs: ['GET'], allow: ['Guest'], handler: (ctx, { version }) => getNotice(ctx.db, version) });
const publishNoticeMethod = defineMethod({ ...PRIVACY_PUBLISH_NOTICE, verbs: ['POST'], allow: PRIVACY, handler: (ctx, args) => publishNotice(ctx, args) });
const listNoticesMethod = defineMethod({ ...PRIVACY_LIST_NOTICES, verbs: ['GET'], allow: PRIVACY, handler: (ctx) => listNotices(ctx.db) });
const getConsentsMethod = defineMethod({ ...PRIVACY_GET_CONSENTS, verbs: ['GET'], allow: MEMBER, handler: (ctx) => getConsents(ctx) });
const setConsentMethod = defineMethod({ ...PRIVACY_SET_CONSENT, verbs: ['POST'], allow: MEMBER, handler: (ctx, args) => setConsent(ctx, args) });
const getMemberConsentsMethod = defineMethod({
  ...PRIVACY_GET_MEMBER_CONSENTS,
  verbs: ['GET'],
  allow: PRIVACY,
  handler: (ctx, { customer }) => getMemberConsents(ctx, customer),
});
const setMemberConsentMethod = defineMethod({ ...PRIVACY_SET_MEMBER_CONSENT, verbs: ['POST'], allow: PRIVACY, handler: (ctx, args) => setMemberConsent(ctx, args) });
/** A download (a link): GET. */
const exportMyDataMethod = defineMethod({ ...PRIVACY_EXPORT_MY_DATA, verbs: ['GET'], allow: MEMBER, sideEffects: true, handler: (ctx) => exportMyData(ctx) });
const exportMemberDataMethod = defineMethod({
  ...PRIVACY_EXPORT_MEMBER_DATA,
  verbs: ['GET'],
  allow: PRIVACY,
  sideEffects: true,
  handler: (ctx, { customer }) => exportMemberData(ctx, customer),
});
const requestDeletionMethod = defineMethod({ ...PRIVACY_REQUEST_DELETION, verbs: ['POST'], allow: MEMBER, handler: (ctx) => requestDeletion(ctx) });
const confirmDeletionMethod = defineMethod({ ...PRIVACY_CONFIRM_DELETION, verbs: ['POST'], allow: MEMBER, handler: (ctx, { otp }) => confirmDeletion(ctx, otp) });
const listRequestsMethod = defineMethod({ ...PRIVACY_LIST_REQUESTS, verbs: ['GET'], allow: PRIVACY, handler: (ctx, args) => listRequests(ctx, args) });
const recordRequestMethod = defineMethod({ ...PRIVACY_RECORD_REQUEST, verbs: ['POST'], allow: PRIVACY, handler: (ctx, args) => recordRequest(ctx, args) });
const sendErasureCodeMethod = defineMethod({ ...PRIVACY_SEND_ERASURE_CODE, verbs: ['POST'], allow: PRIVACY, handler: (ctx, { customer }) => sendErasureCodeFor(ctx, customer) });
const eraseMemberMethod = defineMethod({
  ...PRIVACY_ERASE_MEMBER,
  verbs: ['POST'],
  allow: PRIVACY,
  handler: (ctx, args) => eraseOnRequest(ctx, { customer: args.customer, otp: args.otp, reason: args.reason }),
});
const listAccessLogMethod = defineMethod({ ...PRIVACY_LIST_ACCESS_LOG, verbs: ['GET'], allow: ['System Manager'], handler: (ctx, args) => listAccessLog(ctx, args) });

export const privacyModule: ServerModule = {
  name: 'privacy',
  methods: [
    getNoticeMethod, publishNoticeMethod, listNoticesMethod, getConsentsMethod, setConsentMethod, getMemberConsentsMethod, setMemberConsentMethod, exportMyDataMethod, exportMemberDataMethod, requestDeletionMethod,
    confirmDeletionMethod, listRequestsMethod, recordRequestMethod, sendErasureCodeMethod, eraseMemberMethod, listAccessLogMethod,
  ],
  routes(app) {
    registerRetentionJobs(app);
  },
};
