import { queryOptions } from '@tanstack/react-query';
import { callMethod } from '@/lib/api';
import { PRIVACY_GET_CONSENTS, PRIVACY_GET_NOTICE, type ConsentPurpose, type Consents } from '../../../contracts/privacy-consents';

export type { Consents, PrivacyNotice } from '../../../contracts/privacy-consents';

/*
 * The member's consents on record and the privacy notice they agree to: what the member layout's gate reads on every
 * open. Recording a consent (through the outbox) is in ./set-consent, and what only /my-account needs (a copy of
 * the data, erasure) in ./my-data, so the first screen brings neither.
 */

export const privacyKeys = {
  all: ['privacy'] as const,
  notice: ['privacy', 'notice'] as const,
  consents: ['privacy', 'consents'] as const,
};

/** The current privacy notice (anyone may read it: the sign-in modal shows it before there is a session). */
export const noticeQuery = () =>
  queryOptions({
    queryKey: privacyKeys.notice,
    queryFn: ({ signal }) => callMethod(PRIVACY_GET_NOTICE, {}, { signal }),
    staleTime: 5 * 60_000,
    retry: 1,
  });

/**
 * The member's latest consents beside the current notice version. Kept on the device, so an open with an answer
 * saved paints at once; the member layout reads it again at every open and asks again when a newer notice exists.
 */
export const consentsQuery = () =>
  queryOptions({
    queryKey: privacyKeys.consents,
    queryFn: ({ signal }) => callMethod(PRIVACY_GET_CONSENTS, {}, { signal }),
    staleTime: 60_000,
    meta: { persist: 'sync' },
  });

/** Whether the member must be asked to agree to the privacy notice: never agreed, withdrew, or agreed to an older version. */
export function noticeOutdated(consents: Consents): boolean {
  const agreed = consents.consents.privacy_notice;
  return !agreed || agreed.granted !== 1 || agreed.version === null || agreed.version < consents.current_notice_version;
}

/** Whether the member has never been asked about offers (then the home asks once). */
export const marketingUnasked = (consents: Consents) => consents.consents.marketing === null;

export interface ConsentChange {
  purpose: ConsentPurpose;
  granted: 0 | 1;
  /** The notice version read (the privacy notice only). */
  version?: number;
}

/** The consents as they stand once `change` is recorded: what the screens show while it waits to be sent. */
export function withChange(consents: Consents, change: ConsentChange, at: string): Consents {
  const next = { ...consents, consents: { ...consents.consents } };
  if (change.purpose === 'marketing') next.consents.marketing = { granted: change.granted, at };
  else next.consents.privacy_notice = { granted: change.granted, version: change.version ?? null, at };
  return next;
}

