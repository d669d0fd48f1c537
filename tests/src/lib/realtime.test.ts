import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIST_UPDATE, SUBSCRIBE } from '../../../contracts/realtime';

/** A socket.io socket as far as the app uses it: the server's answers are played by the test. */
const socket = vi.hoisted(() => {
  const handlers = new Map<string, (...args: unknown[]) => void>();
  return {
    handlers,
    connected: false,
    /** What the server answers to a subscription. */
    ack: { ok: true } as { ok: boolean; message?: string },
    on(event: string, handler: (...args: unknown[]) => void) {
      handlers.set(event, handler);
    },
    emit: vi.fn(),
    disconnect: vi.fn(),
  };
});
vi.mock('socket.io-client', () => ({ io: () => socket }));

const { closeRealtime, subscribeDoctype } = await import('@/lib/realtime');

socket.emit.mockImplementation((event: string, _doctype: string, ack?: (answer: unknown) => void) => {
  if (event === SUBSCRIBE) ack?.(socket.ack);
});
/** The socket (re)connects: the app subscribes again and the server answers. */
const connect = () => {
  socket.connected = true;
  socket.handlers.get('connect')?.();
};

afterEach(() => {
  closeRealtime();
  socket.connected = false;
  socket.ack = { ok: true };
  socket.handlers.clear();
  socket.emit.mockClear();
});

describe('live updates', () => {
  it('tell a screen when its subscription is confirmed, at first and after every reconnection, so it reads again what it may have missed', async () => {
    const onUpdate = vi.fn();
    const onJoined = vi.fn();
    const stop = subscribeDoctype('Sales Invoice', 'member@example.com', onUpdate, onJoined);
    await vi.waitFor(() => expect(socket.handlers.has('connect')).toBe(true));
    expect(onJoined).not.toHaveBeenCalled(); // not in the room yet: nothing is heard

    connect();
    expect(onJoined).toHaveBeenCalledTimes(1);
    socket.handlers.get(LIST_UPDATE)?.({ doctype: 'Sales Invoice', name: 'ACC-SINV-2026-00001' });
    expect(onUpdate).toHaveBeenCalledWith(expect.objectContaining({ name: 'ACC-SINV-2026-00001' }));

    // The network dropped and came back: what changed meanwhile was announced to nobody.
    socket.connected = false;
    connect();
    expect(onJoined).toHaveBeenCalledTimes(2);

    stop();
    connect();
    expect(onJoined).toHaveBeenCalledTimes(2);
  });

  it('say nothing when the server refuses the subscription', async () => {
    socket.ack = { ok: false, message: 'No permission for Sales Invoice' };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onJoined = vi.fn();
    subscribeDoctype('Sales Invoice', 'member@example.com', vi.fn(), onJoined);
    await vi.waitFor(() => expect(socket.handlers.has('connect')).toBe(true));
    connect();
    expect(onJoined).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
