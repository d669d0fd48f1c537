import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { frappe } from '@/lib/frappe';
import { newClientId, sendWrite, type SendResult } from '@/lib/outbox';
import {
  ADDRESS_MESSAGES,
  DEFAULT_ADDRESS_OPTIONS,
  type AddressDoc,
  type AddressInput,
  type AddressOptions,
} from '../../../contracts/addresses';
import type { MessageKey } from '@/lib/i18n';

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

/** One key per intended change (RFC 4122 v4, also without a secure context): the outbox's client id. */
export const newIdempotencyKey = newClientId;

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

/** The English rule messages (shared with the server) mapped to the catalogue. */
const MESSAGE_KEYS: Record<string, MessageKey> = {
  [ADDRESS_MESSAGES.addressLine1]: 'addresses.errStreet',
  [ADDRESS_MESSAGES.city]: 'addresses.errCity',
  [ADDRESS_MESSAGES.country]: 'addresses.errCountry',
  [ADDRESS_MESSAGES.pincode]: 'addresses.errPincode',
  [ADDRESS_MESSAGES.phone]: 'addresses.errPhone',
  [ADDRESS_MESSAGES.countryList]: 'addresses.errCountryList',
  [ADDRESS_MESSAGES.stateList]: 'addresses.errStateList',
  [ADDRESS_MESSAGES.cityList]: 'addresses.errCityList',
  [ADDRESS_MESSAGES.tooLong]: 'addresses.errTooLong',
};
export const messageKeyFor = (message: string): MessageKey | undefined => MESSAGE_KEYS[message];

/** Which form field a rule message belongs to (server answers carry only the message). */
const MESSAGE_FIELDS: Record<string, keyof AddressInput> = {
  [ADDRESS_MESSAGES.addressLine1]: 'address_line1',
  [ADDRESS_MESSAGES.city]: 'city',
  [ADDRESS_MESSAGES.cityList]: 'city',
  [ADDRESS_MESSAGES.country]: 'country',
  [ADDRESS_MESSAGES.countryList]: 'country',
  [ADDRESS_MESSAGES.stateList]: 'state',
  [ADDRESS_MESSAGES.pincode]: 'pincode',
  [ADDRESS_MESSAGES.phone]: 'phone',
};
export const fieldFor = (message: string): keyof AddressInput | undefined => MESSAGE_FIELDS[message];

/** A label of a list value in the current language (the stored value when it is not in the lists). */
export function labelOf(options: AddressOptions, kind: 'province' | 'district' | 'country', value: string | undefined, lang: 'th' | 'en') {
  if (!value) return '';
  if (kind === 'country') return options.countries.find((c) => c.value === value)?.[lang] ?? value;
  if (kind === 'province') {
    return (options.provinces.find((p) => p.value === value) ?? options.states.find((s) => s.value === value))?.[lang] ?? value;
  }
  for (const p of options.provinces) {
    const d = p.districts.find((x) => x.value === value);
    if (d) return d[lang];
  }
  return value;
}
