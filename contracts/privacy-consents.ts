import * as v from 'valibot';
import { noArgs, noticeVersionArg } from './args';
import { methodContract } from './contract';

/**
 * The privacy notice and the member's consents as the app reads them on every open (the member layout asks again
 * when a newer notice is published): apart from the rest of the personal-data contracts (./privacy.ts, which
 * re-exports these), so the app's first screen does not carry the schemas of the data copy and the back office.
 */

/** What a member consents to: the privacy notice (to be a member at all) and, separately, offers (marketing). */
export const CONSENT_PURPOSES = ['privacy_notice', 'marketing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

// ------------------------------------------------------------------------------------------------- the notice

/** A text of the notice in both languages. */
export const bilingual = v.object({ th: v.string(), en: v.string() });

export const PrivacyNoticeSchema = v.object({
  version: v.number(),
  /** ISO time of publication: the notice's date. */
  published_at: v.string(),
  title: bilingual,
  intro: bilingual,
  sections: v.array(v.object({ title: bilingual, body: bilingual })),
});
export type PrivacyNotice = v.InferOutput<typeof PrivacyNoticeSchema>;

/**
 * The privacy notice, anyone may read it (the sign-in modal shows it before there is a session): the current
 * version, or `version` when given (an older one a member agreed to).
 */
export const PRIVACY_GET_NOTICE = methodContract(
  'member_rewards.privacy.get_notice',
  v.looseObject({ version: v.optional(noticeVersionArg()) }),
  PrivacyNoticeSchema,
);

// ------------------------------------------------------------------------------------------------- consents

const consentAt = v.object({ granted: v.picklist([0, 1]), at: v.string() });
export const ConsentsSchema = v.object({
  current_notice_version: v.number(),
  consents: v.object({
    /** The latest privacy-notice consent: the version agreed to (ask again when it is older than the current one). */
    privacy_notice: v.nullable(v.object({ granted: v.picklist([0, 1]), version: v.nullable(v.number()), at: v.string() })),
    /** The latest marketing consent; null: never asked (offers are not sent). */
    marketing: v.nullable(consentAt),
  }),
});
export type Consents = v.InferOutput<typeof ConsentsSchema>;

/** The caller's consents and the current notice version. */
export const PRIVACY_GET_CONSENTS = methodContract('member_rewards.privacy.get_consents', noArgs, ConsentsSchema);
