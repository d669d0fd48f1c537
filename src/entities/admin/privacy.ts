import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '@/lib/api';
import type { ArgsOf, MethodContract } from '../../../contracts/contract';
import {
  PRIVACY_ERASE_MEMBER,
  PRIVACY_EXPORT_MEMBER_DATA,
  PRIVACY_GET_MEMBER_CONSENTS,
  PRIVACY_GET_NOTICE,
  PRIVACY_LIST_ACCESS_LOG,
  PRIVACY_LIST_NOTICES,
  PRIVACY_LIST_REQUESTS,
  PRIVACY_PUBLISH_NOTICE,
  PRIVACY_RECORD_REQUEST,
  PRIVACY_SEND_ERASURE_CODE,
  PRIVACY_SET_MEMBER_CONSENT,
} from '../../../contracts/privacy';
import { adminKeys } from './index';

export type { Consents, PrivacyNotice, PrivacyRequestRow } from '../../../contracts/privacy';

/**
 * The back office's side of members' personal data: the privacy requests and erasure on a member's request, the
 * access log, the privacy notice's versions, and a member's consents. Kept under the back office's key, so every
 * back-office write reads them again (an erasure changes the member page and the requests alike).
 */
export const privacyKeys = {
  all: [...adminKeys.all, 'privacy'] as const,
  requests: (args: ArgsOf<typeof PRIVACY_LIST_REQUESTS>) => [...adminKeys.all, 'privacy', 'requests', args] as const,
  accessLog: (args: ArgsOf<typeof PRIVACY_LIST_ACCESS_LOG>) => [...adminKeys.all, 'privacy', 'access-log', args] as const,
  notices: () => [...adminKeys.all, 'privacy', 'notices'] as const,
  notice: () => [...adminKeys.all, 'privacy', 'notice'] as const,
  consents: (customer: string) => [...adminKeys.all, 'privacy', 'consents', customer] as const,
};

export const privacyRequestsQuery = (args: ArgsOf<typeof PRIVACY_LIST_REQUESTS>) =>
  queryOptions({ queryKey: privacyKeys.requests(args), queryFn: ({ signal }) => callMethod(PRIVACY_LIST_REQUESTS, args, { signal }) });

export const accessLogQuery = (args: ArgsOf<typeof PRIVACY_LIST_ACCESS_LOG>) =>
  queryOptions({ queryKey: privacyKeys.accessLog(args), queryFn: ({ signal }) => callMethod(PRIVACY_LIST_ACCESS_LOG, args, { signal }) });

export const noticesQuery = () =>
  queryOptions({ queryKey: privacyKeys.notices(), queryFn: ({ signal }) => callMethod(PRIVACY_LIST_NOTICES, {}, { signal }) });

/** The current notice in full: a new version starts from its text. */
export const currentNoticeQuery = () =>
  queryOptions({ queryKey: privacyKeys.notice(), queryFn: ({ signal }) => callMethod(PRIVACY_GET_NOTICE, {}, { signal }) });

export const memberConsentsQuery = (customer: string, enabled = true) =>
  queryOptions({ queryKey: privacyKeys.consents(customer), queryFn: ({ signal }) => callMethod(PRIVACY_GET_MEMBER_CONSENTS, { customer }, { signal }), enabled });

/** The member's copy of their data as a link (a GET with the session cookie): the browser downloads the JSON file. */
export const memberDataUrl = (customer: string) => `/api/method/${PRIVACY_EXPORT_MEMBER_DATA.path}?${new URLSearchParams({ customer })}`;

/** A privacy write (a POST): the back office's lists and pages are read again after it. */
function usePrivacyWrite<C extends MethodContract>(contract: C) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: ArgsOf<C>) => callMethod(contract, args, { verb: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useRecordRequest = () => usePrivacyWrite(PRIVACY_RECORD_REQUEST);
/** Sending a code changes nothing the screens show: no list is read again. */
export const useSendErasureCode = () => useMutation({ mutationFn: (args: ArgsOf<typeof PRIVACY_SEND_ERASURE_CODE>) => callMethod(PRIVACY_SEND_ERASURE_CODE, args, { verb: 'POST' }) });
export const useEraseMember = () => usePrivacyWrite(PRIVACY_ERASE_MEMBER);
export const usePublishNotice = () => usePrivacyWrite(PRIVACY_PUBLISH_NOTICE);
export const useSetMemberConsent = () => usePrivacyWrite(PRIVACY_SET_MEMBER_CONSENT);
