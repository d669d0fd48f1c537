import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { callMethod } from '@/lib/api';
import { sendWrite } from '@/lib/outbox';
import {
  ADD_ADDRESS,
  DEFAULT_ADDRESS_OPTIONS,
  DELETE_ADDRESS,
  GET_ADDRESS_OPTIONS,
  GET_ADDRESSES,
  UPDATE_ADDRESS,
  type AddressDoc,
  type AddressInput,
} from '../../../contracts/addresses';

export type { AddressDoc, AddressInput, AddressOptions } from '../../../contracts/addresses';
export { mergeOutbox, addressFromArgs, savedAddressName, useRejectedAddressWrite, type ShownAddress } from './pending';

export const addressKeys = {
  all: ['addresses'] as const,
  list: () => ['addresses', 'list'] as const,
  options: () => ['addresses', 'options'] as const,
};

/** The member's own addresses, primary first. */
export const addressesQuery = () =>
  queryOptions({
    queryKey: addressKeys.list(),
    queryFn: ({ signal }) => callMethod(GET_ADDRESSES, {}, { signal }),
    meta: { persist: 'idb' },
  });

/** The lists the form offers; the built-in copy paints at once (and offline), the server's copy replaces it. */
export const addressOptionsQuery = () =>
  queryOptions({
    queryKey: addressKeys.options(),
    queryFn: ({ signal }) => callMethod(GET_ADDRESS_OPTIONS, {}, { signal }),
    initialData: DEFAULT_ADDRESS_OPTIONS,
    initialDataUpdatedAt: 0,
    staleTime: 24 * 60 * 60 * 1000,
    meta: { persist: 'idb' },
  });

/** Every address write is one of these, wherever it is made (the address screens, the checkout). */
export type AddressWrite =
  | { kind: 'add'; values: AddressInput }
  | { kind: 'update'; name: string; values: AddressInput }
  | { kind: 'delete'; name: string };

/** The request a write makes, as the offline outbox stores and replays it. */
export function addressRequest(write: AddressWrite): { method: string; args: Record<string, unknown>; verb: 'POST' } {
  switch (write.kind) {
    case 'add':
      return { method: ADD_ADDRESS.path, args: { ...write.values }, verb: 'POST' };
    case 'update':
      return { method: UPDATE_ADDRESS.path, args: { ...write.values, name: write.name }, verb: 'POST' };
    case 'delete':
      return { method: DELETE_ADDRESS.path, args: { name: write.name }, verb: 'POST' };
  }
}

export type AddressMutation = AddressWrite & {
  /** A client UUID made once per user action; a retry or a replay sends the same one. */
  idempotencyKey: string;
};

export interface AddressWriteResult {
  /** True when it could not be sent now: it waits in the outbox ('waiting to sync'). */
  queued: boolean;
  /** The saved address (an add or an edit the server answered). */
  address?: AddressDoc;
}

/**
 * The one way an address is written. Every write goes through the offline outbox: online it is sent at once and a
 * server refusal comes back here (field errors); offline (or with no answer) it resolves `queued: true` and waits,
 * 'waiting to sync', until the outbox replays it with the same Idempotency-Key.
 */
export function useAddressWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['addresses', 'write'],
    networkMode: 'always',
    mutationFn: async ({ idempotencyKey, ...write }: AddressMutation): Promise<AddressWriteResult> => {
      const sent = await sendWrite({
        id: idempotencyKey,
        ...addressRequest(write),
        kind: `address.${write.kind}`,
        label: write.kind === 'delete' ? write.name : String(write.values.address_title || write.values.address_line1 || ''),
        ...(write.kind === 'add' ? {} : { target: write.name }),
        invalidate: [addressKeys.list()],
      });
      if (sent.queued || write.kind === 'delete') return { queued: sent.queued };
      return { queued: false, address: v.parse(ADD_ADDRESS.returns, sent.result) };
    },
    onSuccess: (sent, vars) => {
      if (sent.queued) return;
      if (vars.kind === 'delete') {
        queryClient.setQueryData<AddressDoc[]>(addressKeys.list(), (old) => old?.filter((a) => a.name !== vars.name));
      }
      return queryClient.invalidateQueries({ queryKey: addressKeys.list() });
    },
  });
}
