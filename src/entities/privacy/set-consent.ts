import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { sendWrite } from '@/lib/outbox';
import { PRIVACY_SET_CONSENT, type Consents } from '../../../contracts/privacy';
import { privacyKeys, withChange, type ConsentChange } from './index';

export const CONSENT_WRITE = 'privacy.consent';

function patchConsents(queryClient: QueryClient, change: ConsentChange) {
  queryClient.setQueryData<Consents>(privacyKeys.consents, (old) => old && withChange(old, change, new Date().toISOString()));
}

/**
 * Gives or withdraws a consent through the offline outbox, like the profile and the addresses: a consent is the
 * member's own setting and recording the same state twice changes nothing, so a change made offline waits and is
 * sent, with the same Idempotency-Key, when the connection returns; meanwhile the device shows it as made. A refusal
 * is thrown to the screen, which keeps showing what the server holds.
 */
export async function setConsent(queryClient: QueryClient, change: ConsentChange) {
  const sent = await sendWrite({
    id: newIdempotencyKey(),
    method: PRIVACY_SET_CONSENT.path,
    args: { ...change },
    label: change.purpose,
    kind: CONSENT_WRITE,
    invalidate: [privacyKeys.consents],
  });
  if (sent.queued) patchConsents(queryClient, change);
  else queryClient.setQueryData(privacyKeys.consents, v.parse(PRIVACY_SET_CONSENT.returns, sent.result));
  return sent;
}

/** setConsent as a mutation: its pending change is what a switch shows while it is being sent. */
export function useSetConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['privacy', 'set-consent'],
    networkMode: 'always',
    mutationFn: (change: ConsentChange) => setConsent(queryClient, change),
  });
}
