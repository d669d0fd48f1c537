import { useMutation } from '@tanstack/react-query';
import { callMethod, callRawMethod } from '@/lib/api';
import { MyDataSchema, PRIVACY_CONFIRM_DELETION, PRIVACY_EXPORT_MY_DATA, PRIVACY_REQUEST_DELETION, type MyData } from '../../../contracts/privacy';
import { today } from '../../../contracts/business-day';

/*
 * The member's rights on /my-account: a copy of their data, and erasure. Neither goes through the outbox: a copy is
 * a read the member waits for, and erasing an account is confirmed by a code that lives five minutes, so both need
 * the connection now and say so when it is not there.
 */

/** The file a copy of the data is saved as: member-data-YYYY-MM-DD.json (the day in Thailand). */
export const myDataFileName = (now: number | Date = Date.now()) => `member-data-${today(now)}.json`;

/** export_my_data: everything the brand holds about the member, as one JSON document. */
export const fetchMyData = (): Promise<MyData> => callRawMethod(PRIVACY_EXPORT_MY_DATA, {}, MyDataSchema);

export function useExportMyData() {
  return useMutation({ mutationKey: ['privacy', 'export'], mutationFn: fetchMyData });
}

/** request_deletion: a one-time code goes to the member's verified phone; answers what erasure will do. */
export function useRequestDeletion() {
  return useMutation({ mutationKey: ['privacy', 'request-deletion'], mutationFn: () => callMethod(PRIVACY_REQUEST_DELETION, {}, { verb: 'POST' }) });
}

/** confirm_deletion: erases the account with the code. The caller then signs the device out (the session entity). */
export function useConfirmDeletion() {
  return useMutation({ mutationKey: ['privacy', 'confirm-deletion'], mutationFn: (otp: string) => callMethod(PRIVACY_CONFIRM_DELETION, { otp }, { verb: 'POST' }) });
}
