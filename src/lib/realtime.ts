import type { Socket } from 'socket.io-client';
import * as v from 'valibot';
import { LIST_UPDATE, ListUpdateSchema, SUBSCRIBE, SubscribeAckSchema, UNSUBSCRIBE, type ListUpdateMessage } from '../../contracts/realtime';

/**
 * socket.io on the same origin (/socket.io), loaded on demand: only screens that follow live lists import
 * this file, and socket.io-client itself is fetched on the first subscription. Subscriptions are counted per
 * doctype and sent again after every reconnection (the server forgets a socket's rooms when it drops).
 */
export type ListUpdate = ListUpdateMessage;
type Listener = (update: ListUpdate) => void;

export type RealtimeState = 'closed' | 'opening' | 'open';

let socketPromise: Promise<Socket> | null = null;
/** The session the socket was opened for: the server reads the user from the handshake's cookie. */
let socketUser: string | null = null;
const listeners = new Map<string, Set<Listener>>();
/** Per doctype, what runs each time the server confirms the socket is in its room. */
const joinedListeners = new Map<string, Set<() => void>>();

/** The server answers a subscription once the socket is in its room (or says why not). */
const subscribed = (doctype: string) => (raw?: unknown) => {
  const answer = v.safeParse(SubscribeAckSchema, raw);
  if (!answer.success) return;
  if (!answer.output.ok) console.warn(`Live updates for ${doctype} refused: ${answer.output.message ?? ''}`);
  else for (const joined of joinedListeners.get(doctype) ?? []) joined();
};

async function openSocket(): Promise<Socket> {
  const { io } = await import('socket.io-client');
  const socket = io({ path: '/socket.io', withCredentials: true, reconnectionDelay: 1000, reconnectionDelayMax: 5000 });
  socket.on('connect', () => {
    for (const doctype of listeners.keys()) socket.emit(SUBSCRIBE, doctype, subscribed(doctype));
  });
  socket.on(LIST_UPDATE, (raw: unknown) => {
    const update = v.safeParse(ListUpdateSchema, raw);
    if (!update.success) return;
    for (const listener of listeners.get(update.output.doctype) ?? []) listener(update.output);
  });
  return socket;
}

function socketFor(user: string): Promise<Socket> {
  if (socketPromise && socketUser !== user) {
    void socketPromise.then((s) => s.disconnect());
    socketPromise = null;
  }
  socketUser = user;
  socketPromise ??= openSocket().catch((error: unknown) => {
    socketPromise = null;
    throw error;
  });
  return socketPromise;
}

/**
 * Calls `listener` on every `list_update` for `doctype`. `user` is the signed-in user's name (a change of user
 * opens a new socket, so the server sees the new session). `onJoined` runs each time the server confirms the
 * subscription: the first time and after every reconnection. Nothing is heard of what changed before that (while
 * the screen was closed, the page reloading, the socket opening or the network down), so a screen reads its data
 * again then. Returns the unsubscribe function.
 */
export function subscribeDoctype(doctype: string, user: string, listener: Listener, onJoined?: () => void): () => void {
  let set = listeners.get(doctype);
  const first = !set;
  if (!set) {
    set = new Set();
    listeners.set(doctype, set);
  }
  set.add(listener);
  if (onJoined) joinedListeners.set(doctype, (joinedListeners.get(doctype) ?? new Set()).add(onJoined));
  const ready = socketFor(user);
  if (first) void ready.then((s) => s.connected && s.emit(SUBSCRIBE, doctype, subscribed(doctype))).catch(() => {});
  return () => {
    const current = listeners.get(doctype);
    current?.delete(listener);
    if (onJoined) joinedListeners.get(doctype)?.delete(onJoined);
    if (current && current.size === 0) {
      listeners.delete(doctype);
      joinedListeners.delete(doctype);
      void ready.then((s) => s.emit(UNSUBSCRIBE, doctype)).catch(() => {});
    }
  };
}

/** Closes the socket (sign-out). */
export function closeRealtime() {
  void socketPromise?.then((s) => s.disconnect());
  socketPromise = null;
  socketUser = null;
}
