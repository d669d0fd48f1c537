import * as v from 'valibot';
import { useRefusedEntry, type OutboxEntry, type OutboxState } from '@/lib/outbox';
import { ADD_ADDRESS, type AddressDoc } from '../../../contracts/addresses';

/** An address as the list shows it: the server's copy with the outbox's change on top. */
export interface ShownAddress extends AddressDoc {
  /** The state of the latest queued change to it, if any. */
  sync?: OutboxState;
  /** Added on this device and not on the server yet (no edit/delete until it is). */
  local?: boolean;
  /** A delete waiting to sync. */
  deleting?: boolean;
}

export function addressFromArgs(entry: OutboxEntry, base?: AddressDoc): AddressDoc {
  const a = entry.args as Partial<AddressDoc> & Record<string, unknown>;
  const flag = (x: unknown): 0 | 1 => (x === 1 || x === '1' || x === true ? 1 : 0);
  return {
    ...(base ?? { doctype: 'Address', name: entry.id, creation: '', modified: '' }),
    address_title: String(a.address_title ?? base?.address_title ?? ''),
    first_name: a.first_name as string | undefined,
    last_name: a.last_name as string | undefined,
    address_line1: String(a.address_line1 ?? ''),
    address_line2: a.address_line2 as string | undefined,
    city: String(a.city ?? ''),
    state: a.state as string | undefined,
    country: String(a.country ?? ''),
    pincode: String(a.pincode ?? ''),
    phone: a.phone as string | undefined,
    is_primary_address: flag(a.is_primary_address),
    is_shipping_address: flag(a.is_shipping_address),
  } as AddressDoc;
}

/** The name the server gave a saved add (its answer, checked by the method's contract). */
export function savedAddressName(entry: OutboxEntry): string | undefined {
  const answer = v.safeParse(ADD_ADDRESS.returns, entry.result);
  return answer.success ? answer.output.name : undefined;
}

/**
 * Lays the outbox's address writes (in order) over the server's list: a waiting add appears at once, a waiting
 * edit shows its new values, a waiting delete is shown fading; each carries its sync state. Saved writes only
 * lend their 'saved' badge (the refetched list has the real data). Rejected writes are returned apart.
 */
export function mergeOutbox(server: readonly AddressDoc[], entries: readonly OutboxEntry[], listUpdatedAt = 0) {
  const shown: ShownAddress[] = server.map((a) => ({ ...a }));
  const rejected: OutboxEntry[] = [];
  for (const entry of entries) {
    if (entry.state === 'rejected') {
      rejected.push(entry);
      continue;
    }
    const pending = entry.state === 'waiting' || entry.state === 'sending';
    if (entry.kind === 'address.add') {
      const name = savedAddressName(entry);
      const onServer = typeof name === 'string' ? shown.find((a) => a.name === name) : undefined;
      if (onServer) onServer.sync = entry.state;
      // A saved add the list has not caught up with yet; once refetched the server's list is the truth.
      else if (pending || (entry.savedAt ?? 0) > listUpdatedAt) shown.push({ ...addressFromArgs(entry), sync: entry.state, local: true });
      continue;
    }
    const index = shown.findIndex((a) => a.name === entry.target);
    if (index < 0) continue;
    const current = shown[index]!;
    if (entry.kind === 'address.update') {
      shown[index] = pending ? { ...addressFromArgs(entry, current), sync: entry.state, local: current.local } : { ...current, sync: entry.state };
    } else if (entry.kind === 'address.delete') {
      if (pending) shown[index] = { ...current, sync: entry.state, deleting: true };
      else shown.splice(index, 1);
    }
  }
  return { shown, rejected };
}

/** The refused address add or edit with this outbox id, to fix it. */
export const useRejectedAddressWrite = (id: string | undefined) =>
  useRefusedEntry(id, (e) => e.kind === 'address.add' || e.kind === 'address.update');
