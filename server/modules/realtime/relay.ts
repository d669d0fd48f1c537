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

export const MAX_SUBSCRIPTIONS = 50;

export const doctypeRoom = (doctype: string) => `doctype:${doctype}`;
/** Callers who may read only some rows of a doctype hear only about the changes they made themselves. */
export const ownChangesRoom = (doctype: string, user: string) => `doctype:${doctype}:user:${user}`;

type Ack = (answer: { ok: boolean; message?: string }) => void;

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

  /** The room this caller joins for a doctype, or a reason for refusing. */
  const roomFor = async (socket: Socket, doctype: unknown): Promise<{ room?: string; message?: string }> => {
    if (typeof doctype !== 'string' || !doctype || doctype.length > 140) return { message: 'Invalid doctype' };
    const dt = app.doctypeRegistry.get(doctype);
    if (!dt || dt.realtime === false) return { message: `DocType ${doctype} has no realtime updates` };
    const user = await userOf(socket);
    if (!isAllowed(user, dt.read.allow)) return { message: `No permission for ${doctype}` };
    if (!dt.read.scope || isSystemManager(user)) return { room: doctypeRoom(doctype) };
    const ctx = { db: deps.database.db, config: deps.config, user, services: deps.services } as RequestContext;
    let scope: unknown = null;
    try {
      scope = await dt.read.scope(ctx);
    } catch {
      scope = null;
    }
    if (scope === ALL_ROWS) return { room: doctypeRoom(doctype) };
    if (user.isGuest) return { message: `No permission for ${doctype}` };
    return { room: ownChangesRoom(doctype, user.name) };
  };

  io.on('connection', (socket) => {
    socket.on('doctype_subscribe', async (doctype: unknown, ack?: Ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      if (socket.rooms.size > MAX_SUBSCRIPTIONS) return reply({ ok: false, message: 'Too many subscriptions' });
      const { room, message } = await roomFor(socket, doctype);
      if (!room) return reply({ ok: false, message });
      await socket.join(room);
      reply({ ok: true });
    });
    socket.on('doctype_unsubscribe', async (doctype: unknown, ack?: Ack) => {
      if (typeof doctype === 'string') {
        for (const room of [...socket.rooms]) {
          if (room === doctypeRoom(doctype) || room.startsWith(`${doctypeRoom(doctype)}:user:`)) await socket.leave(room);
        }
      }
      if (typeof ack === 'function') ack({ ok: true });
    });
  });

  const relay = (ev: ListUpdate) => {
    if (app.doctypeRegistry.get(ev.doctype)?.realtime === false) return;
    // With the Postgres adapter this reaches the sockets of every server instance.
    io.to([doctypeRoom(ev.doctype), ownChangesRoom(ev.doctype, ev.user)]).emit('list_update', {
      doctype: ev.doctype,
      name: ev.name,
      user: ev.user,
    });
  };
  app.changes.on('list_update', relay);
  return () => app.changes.off('list_update', relay);
}
