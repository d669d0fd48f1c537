import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FrappeClientError } from '@/lib/frappe';
import { act, renderHook } from '@testing-library/react';
import { resetOnlineForTests, reportNetworkSuccess } from '@/lib/online';
import {
  discardEntry,
  getOutbox,
  queueWrite,
  replayOutbox,
  resetOutboxForTests,
  startOutbox,
  useRefusedEntry,
  type OutboxBackend,
  type OutboxEntry,
} from '@/lib/outbox';

/** IndexedDB stand-in that survives a "restart" (a new startOutbox over the same map). */
function memoryBackend(): OutboxBackend & { map: Map<string, OutboxEntry> } {
  const map = new Map<string, OutboxEntry>();
  return {
    map,
    all: async () => [...map.values()].map((e) => structuredClone(e)),
    put: async (e) => void map.set(e.id, structuredClone(e)),
    remove: async (id) => void map.delete(id),
  };
}

const rejection = (message: string, status = 417) =>
  new FrappeClientError({
    httpStatus: status,
    httpStatusText: 'Expectation Failed',
    body: { exc_type: 'ValidationError', _server_messages: JSON.stringify([JSON.stringify({ message })]) },
    defaultMessage: 'There was an error.',
  });
const networkDown = () => new FrappeClientError({ httpStatus: 0, httpStatusText: '', body: {}, defaultMessage: 'There was an error.' });

/**
 * A fake server with Idempotency-Key semantics: a repeated key gets the first answer and changes nothing.
 * `mode` decides what the network does with the next request.
 */
function fakeServer() {
  const effects: Array<{ key: string; method: string; args: Record<string, unknown> }> = [];
  const answers = new Map<string, unknown>();
  const sent: string[] = [];
  let mode: 'up' | 'down' | 'drop-answer' = 'up';
  const validate = (args: Record<string, unknown>) => {
    if (args.pincode !== undefined && !/^\d{5}$/.test(String(args.pincode))) throw rejection('Pincode must be 5 digits');
  };
  const transport = async (entry: OutboxEntry) => {
    sent.push(entry.id);
    if (mode === 'down') throw networkDown();
    let answer = answers.get(entry.id);
    if (answer === undefined) {
      validate(entry.args);
      effects.push({ key: entry.id, method: entry.method, args: entry.args });
      answer = { name: `ADDR-${effects.length}` };
      answers.set(entry.id, answer);
    }
    if (mode === 'drop-answer') {
      mode = 'up';
      throw networkDown(); // the server did it, the answer never arrived
    }
    return answer;
  };
  return {
    effects,
    sent,
    transport,
    setMode: (m: typeof mode) => void (mode = m),
  };
}

const addAddress = (title: string, extra: Record<string, unknown> = {}) =>
  queueWrite({
    method: 'headless_e_commerce.api.add_address',
    args: { address_title: title, pincode: '10110', ...extra },
    label: title,
    kind: 'address.add',
    invalidate: [['addresses', 'list']],
  });

let backend: ReturnType<typeof memoryBackend>;
let server: ReturnType<typeof fakeServer>;
let client: QueryClient;
let t = 1_000;

beforeEach(async () => {
  resetOutboxForTests();
  resetOnlineForTests(false); // queue first, then go online
  backend = memoryBackend();
  server = fakeServer();
  client = new QueryClient();
  t = 1_000;
  await startOutbox({ backend, transport: server.transport, queryClient: client, listen: false, now: () => ++t });
});
afterEach(() => resetOutboxForTests());

const states = () => getOutbox().map((e) => [e.label, e.state]);

describe('outbox', () => {
  it('keeps writes made offline as waiting, then sends them once each, in the order they were made', async () => {
    await addAddress('Home');
    await queueWrite({ method: 'honda_api.api_calls.getuser.update_profile', args: { first_name: 'Somchai' }, label: 'Profile', kind: 'profile.update' });
    await addAddress('Office');
    expect(states()).toEqual([
      ['Home', 'waiting'],
      ['Profile', 'waiting'],
      ['Office', 'waiting'],
    ]);
    expect(server.sent).toEqual([]);

    reportNetworkSuccess();
    await replayOutbox();

    expect(server.effects.map((e) => e.args.address_title ?? e.args.first_name)).toEqual(['Home', 'Somchai', 'Office']);
    expect(states()).toEqual([
      ['Home', 'saved'],
      ['Profile', 'saved'],
      ['Office', 'saved'],
    ]);
    // The idempotency key is the entry's id, and the server's answer is kept on the entry.
    expect(server.effects[0]!.key).toBe(getOutbox()[0]!.id);
    expect(getOutbox()[0]!.result).toEqual({ name: 'ADDR-1' });
    // Replaying again sends nothing more.
    await replayOutbox();
    expect(server.effects).toHaveLength(3);
  });

  it('refetches the affected queries once a write is saved', async () => {
    client.setQueryData(['addresses', 'list'], []);
    await addAddress('Home');
    reportNetworkSuccess();
    await replayOutbox();
    expect(client.getQueryState(['addresses', 'list'])?.isInvalidated).toBe(true);
  });

  it('leaves a write waiting on a network failure and sends nothing after it until it gets through', async () => {
    await addAddress('First');
    await addAddress('Second');
    reportNetworkSuccess();
    server.setMode('down');
    await replayOutbox();
    expect(states()).toEqual([
      ['First', 'waiting'],
      ['Second', 'waiting'],
    ]);
    expect(server.sent).toHaveLength(1); // Second was not tried before First

    server.setMode('up');
    await replayOutbox();
    expect(server.effects.map((e) => e.args.address_title)).toEqual(['First', 'Second']);
    expect(states()).toEqual([
      ['First', 'saved'],
      ['Second', 'saved'],
    ]);
  });

  it('has exactly one effect when the server got the request but the answer was lost', async () => {
    await addAddress('Home');
    reportNetworkSuccess();
    server.setMode('drop-answer');
    await replayOutbox();
    expect(states()).toEqual([['Home', 'waiting']]);
    await replayOutbox();
    expect(server.sent).toHaveLength(2);
    expect(new Set(server.sent).size).toBe(1); // same Idempotency-Key both times
    expect(server.effects).toHaveLength(1);
    expect(states()).toEqual([['Home', 'saved']]);
  });

  it('marks a write the server rejects with its message, goes on with the next, and lets the member discard it', async () => {
    await addAddress('Bad', { pincode: '12' });
    await addAddress('Good');
    reportNetworkSuccess();
    await replayOutbox();
    const [bad, good] = getOutbox();
    expect(bad).toMatchObject({ label: 'Bad', state: 'rejected', error: 'Pincode must be 5 digits' });
    expect(good).toMatchObject({ label: 'Good', state: 'saved' });

    await discardEntry(bad!.id);
    expect(states()).toEqual([['Good', 'saved']]);
    expect(backend.map.has(bad!.id)).toBe(false);
    await replayOutbox();
    expect(server.effects).toHaveLength(1);
  });

  it('keeps a refused entry for the screen fixing it after the entry is discarded, and finds only refused ones', async () => {
    await addAddress('Bad', { pincode: '12' });
    await addAddress('Good');
    reportNetworkSuccess();
    await replayOutbox();
    const [bad, good] = getOutbox();
    const isAdd = (e: OutboxEntry) => e.kind === 'address.add';
    expect(renderHook(() => useRefusedEntry(good!.id, isAdd)).result.current).toBeUndefined(); // saved, not refused
    expect(renderHook(() => useRefusedEntry(undefined, isAdd)).result.current).toBeUndefined();
    expect(renderHook(() => useRefusedEntry(bad!.id, (e) => e.kind === 'profile.update')).result.current).toBeUndefined();

    const fixing = renderHook(() => useRefusedEntry(bad!.id, isAdd));
    expect(fixing.result.current).toMatchObject({ id: bad!.id, error: 'Pincode must be 5 digits' });
    await act(() => discardEntry(bad!.id));
    expect(getOutbox().map((e) => e.id)).toEqual([good!.id]);
    expect(fixing.result.current?.id).toBe(bad!.id);
  });

  it('loses nothing when the app is closed: a new start replays what was waiting (or cut off while sending)', async () => {
    await addAddress('Home');
    await addAddress('Office');
    // The app died in the middle of sending Office's request.
    const office = getOutbox()[1]!;
    backend.map.set(office.id, { ...office, state: 'sending', attempts: 1 });

    resetOutboxForTests();
    resetOnlineForTests(true);
    await startOutbox({ backend, transport: server.transport, queryClient: client, listen: false, now: () => ++t });
    await replayOutbox();
    expect(server.effects.map((e) => e.args.address_title)).toEqual(['Home', 'Office']);
    expect(getOutbox().map((e) => e.state)).toEqual(['saved', 'saved']);
  });

  it('does not send while offline, and sends at once when a write is queued online', async () => {
    await addAddress('Offline');
    expect(server.sent).toEqual([]);
    reportNetworkSuccess();
    await addAddress('Online'); // queueWrite starts a replay by itself
    await replayOutbox();
    expect(server.effects.map((e) => e.args.address_title)).toEqual(['Offline', 'Online']);
  });
});

describe('sendWrite (a form waiting on its write)', () => {
  it('resolves with the server answer online, throws the server error on a rejection (and drops the entry), queues offline', async () => {
    const { sendWrite } = await import('@/lib/outbox');
    reportNetworkSuccess();
    const ok = await sendWrite({ method: 'headless_e_commerce.api.add_address', args: { pincode: '10110' }, label: 'Home', kind: 'address.add' });
    expect(ok).toMatchObject({ queued: false, result: { name: 'ADDR-1' } });

    await expect(
      sendWrite({ method: 'headless_e_commerce.api.add_address', args: { pincode: '1' }, label: 'Bad', kind: 'address.add' }),
    ).rejects.toMatchObject({ httpStatus: 417, message: 'Pincode must be 5 digits' });
    expect(getOutbox().map((e) => e.label)).toEqual(['Home']);

    server.setMode('down');
    const queued = await sendWrite({ method: 'headless_e_commerce.api.add_address', args: { pincode: '10110' }, label: 'Later', kind: 'address.add' });
    expect(queued.queued).toBe(true);
    expect(getOutbox().find((e) => e.label === 'Later')?.state).toBe('waiting');
  });
});
