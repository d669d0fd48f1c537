import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { frappe } from '@/lib/frappe';
import { sendWrite, type SendResult } from '@/lib/outbox';
import { DEFAULT_ADDRESS_OPTIONS, type AddressDoc, type AddressInput, type AddressOptions } from '../../../contracts/addresses';

export type { AddressDoc, AddressInput, AddressOptions } from '../../../contracts/addresses';

export const addressKeys = {
  all: ['addresses'] as const,
  list: () => ['addresses', 'list'] as const,
  options: () => ['addresses', 'options'] as const,
};

export const addressesQuery = () =>
  queryOptions({
    queryKey: addressKeys.list(),
    queryFn: ({ signal }) => frappe.call<AddressDoc[]>('headless_e_commerce.api.get_addresses', {}, { signal }),
  });

/** The §9 lists; the built-in copy paints at once (and offline), the server's copy replaces it. */
export const addressOptionsQuery = () =>
  queryOptions({
    queryKey: addressKeys.options(),
    queryFn: ({ signal }) => frappe.call<AddressOptions>('member_rewards.api.get_address_options', {}, { signal }),
    initialData: DEFAULT_ADDRESS_OPTIONS,
    initialDataUpdatedAt: 0,
    staleTime: 24 * 60 * 60 * 1000,
  });

/**
 * Every address write is one of these. `saveAddress` is the single function that performs them, so the
 * offline outbox can queue and replay exactly this (same arguments, same Idempotency-Key).
 */
export type AddressWrite =
  | { kind: 'add'; values: AddressInput }
  | { kind: 'update'; name: string; values: AddressInput }
  | { kind: 'delete'; name: string };

export interface WriteOptions {
  /** A client UUID made once per user action; a retry or a replay sends the same one. */
  idempotencyKey: string;
  signal?: AbortSignal;
}

/** The request a write makes: used by saveAddress and by the offline outbox (src/lib/outbox.ts), which replays it. */
export function addressRequest(write: AddressWrite): { method: string; args: Record<string, unknown>; verb: 'POST' } {
  switch (write.kind) {
    case 'add':
      return { method: 'headless_e_commerce.api.add_address', args: { ...write.values }, verb: 'POST' };
    case 'update':
      return { method: 'headless_e_commerce.api.update_address', args: { ...write.values, name: write.name }, verb: 'POST' };
    case 'delete':
      return { method: 'headless_e_commerce.api.delete_address', args: { name: write.name }, verb: 'POST' };
  }
}

export async function saveAddress(write: AddressWrite, opts: WriteOptions): Promise<AddressDoc | { name: string }> {
  const { method, args, verb } = addressRequest(write);
  return frappe.call<AddressDoc | { name: string }>(method, args, { verb, idempotencyKey: opts.idempotencyKey, signal: opts.signal });
}

export type AddressMutation = AddressWrite & { idempotencyKey: string };

/**
 * The mutation the screens use. Every write goes through the offline outbox: online it is sent at once and a
 * server rejection comes back here (field errors); offline (or with no answer) it resolves `queued: true` and
 * the list shows it 'waiting to sync' until the outbox replays it (same Idempotency-Key) and marks it 'saved'.
 */
export function useAddressWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['addresses', 'write'],
    networkMode: 'always',
    mutationFn: ({ idempotencyKey, ...write }: AddressMutation): Promise<SendResult> =>
      sendWrite({
        id: idempotencyKey,
        ...addressRequest(write as AddressWrite),
        kind: `address.${write.kind}`,
        label: write.kind === 'delete' ? write.name : String(write.values.address_title || write.values.address_line1 || ''),
        ...(write.kind === 'add' ? {} : { target: write.name }),
        invalidate: [addressKeys.list()],
      }),
    onSuccess: (sent, vars) => {
      if (sent.queued) return;
      if (vars.kind === 'delete') {
        queryClient.setQueryData<AddressDoc[]>(addressKeys.list(), (old) => old?.filter((a) => a.name !== vars.name));
      }
      return queryClient.invalidateQueries({ queryKey: addressKeys.list() });
    },
  });
}

export { fieldFor, messageKeyFor } from '@/lib/address-messages';
export { labelOf } from '@/lib/address-format';
