import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/client';
import type { AppServices, CurrentUser, RequestContext } from '../../frappe/context';
import { isAllowed } from '../../frappe/context';
import { isSystemManager } from '../../frappe/doctypes';
import { resolveUser } from '../../frappe/sessions';
import type { ListUpdate } from '../../frappe/realtime-bus';
import { ALL_ROWS } from './scope';
import { originIsOurs } from '../../frappe/origin';
import { LIST_UPDATE, SUBSCRIBE, UNSUBSCRIBE, type ListUpdateMessage, type SubscribeAck } from '../../../contracts/realtime';

export const MAX_SUBSCRIPTIONS = 50;

export const doctypeRoom = (doctype: string) => `doctype:${doctype}`;
/** Callers who may read only some rows of a doctype hear only about the changes they made themselves. */
export const ownChangesRoom = (doctype: string, user: string) => `doctype:${doctype}:user:${user}`;

type Ack = (answer: SubscribeAck) => void;

/** Browsers always send Origin on a WebSocket or cross-site request: it must name this server. */
export function sameOrigin(req: IncomingMessage, config: ServerConfig): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // not a browser (server-side clients, tests); the session cookie still decides
  return originIsOurs(origin, req.headers, config);
}

export function attachRelay(
  app: FastifyInstance,
  io: Server,
  deps: { database: Database; config: ServerConfig; services: AppServices },
) {
  /** The socket's user, from the same `sid` cookie (or Authorization header) as an HTTP request. */
  const userOf = async (socket: Socket): Promise<CurrentUser> => {
    const headers = socket.request.headers;
    const cookies = headers.cookie ? app.parseCookie(headers.cookie) : {};
    const fake = { headers, cookies } as unknown as FastifyRequest;
    try {
      return await resolveUser(deps.database.db, fake);
    } catch {
      return { name: 'Guest', roles: [], isGuest: true, fullName: 'Guest', branch: null, via: 'guest' };
    }
  };

  /**
   * The rooms this caller joins for a doctype, or a reason for refusing. A signed-in caller of a doctype guests
   * may follow joins their own-changes room too: only there do events carry the user who made the change.
   */
  const roomFor = async (socket: Socket, doctype: unknown): Promise<{ rooms?: string[]; message?: string }> => {
    if (typeof doctype !== 'string' || !doctype || doctype.length > 140) return { message: 'Invalid doctype' };
    const dt = app.doctypeRegistry.get(doctype);
    if (!dt || dt.realtime === false) return { message: `DocType ${doctype} has no realtime updates` };
    const user = await userOf(socket);
    if (!isAllowed(user, dt.read.allow)) return { message: `No permission for ${doctype}` };
    const shared = () => ({
      rooms: user.isGuest || !dt.read.allow.includes('Guest') ? [doctypeRoom(doctype)] : [doctypeRoom(doctype), ownChangesRoom(doctype, user.name)],
    });
    if (!dt.read.scope || isSystemManager(user)) return shared();
    const ctx = { db: deps.database.db, config: deps.config, user, services: deps.services } as RequestContext;
    let scope: unknown = null;
    try {
      scope = await dt.read.scope(ctx);
    } catch {
      scope = null;
    }
    if (scope === ALL_ROWS) return shared();
    if (user.isGuest) return { message: `No permission for ${doctype}` };
    return { rooms: [ownChangesRoom(doctype, user.name)] };
  };

  io.on('connection', (socket) => {
    socket.on(SUBSCRIBE, async (doctype: unknown, ack?: Ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      if (socket.rooms.size > MAX_SUBSCRIPTIONS) return reply({ ok: false, message: 'Too many subscriptions' });
      const { rooms, message } = await roomFor(socket, doctype);
      if (!rooms) return reply({ ok: false, message });
      await socket.join(rooms);
      reply({ ok: true });
    });
    socket.on(UNSUBSCRIBE, async (doctype: unknown, ack?: Ack) => {
      if (typeof doctype === 'string') {
        for (const room of [...socket.rooms]) {
          if (room === doctypeRoom(doctype) || room.startsWith(`${doctypeRoom(doctype)}:user:`)) await socket.leave(room);
        }
      }
      if (typeof ack === 'function') ack({ ok: true });
    });
  });

  const relay = (ev: ListUpdate) => {
    const dt = app.doctypeRegistry.get(ev.doctype);
    if (dt?.realtime === false) return;
    // With the Postgres adapter this reaches the sockets of every server instance. A room guests may join hears
    // what changed but not who changed it (an editor's login e-mail is nobody else's business); the changer's own
    // room, and the shared room of a doctype only signed-in roles read, keep Frappe's `user`.
    const guestsListen = dt?.read.allow.includes('Guest') ?? true;
    const { doctype, name, user } = ev;
    if (guestsListen) {
      const anonymous: ListUpdateMessage = { doctype, name };
      io.to(doctypeRoom(doctype)).except(ownChangesRoom(doctype, user)).emit(LIST_UPDATE, anonymous);
      io.to(ownChangesRoom(doctype, user)).emit(LIST_UPDATE, { doctype, name, user } satisfies ListUpdateMessage);
    } else {
      io.to([doctypeRoom(doctype), ownChangesRoom(doctype, user)]).emit(LIST_UPDATE, { doctype, name, user } satisfies ListUpdateMessage);
    }
  };
  app.changes.on('list_update', relay);
  return () => app.changes.off('list_update', relay);
}
