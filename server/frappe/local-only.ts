import type { FastifyRequest } from 'fastify';
import type { RequestContext } from './context';
import { permissionError } from './errors';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether the request comes from this machine itself: its socket's peer is a loopback address and no proxy says it
 * forwarded it (a reverse proxy on the same machine connects from loopback for every visitor, so its forwarding
 * headers make a request remote whatever `trustProxy` says).
 */
export function isFromThisMachine(req: FastifyRequest): boolean {
  if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined || req.headers['x-real-ip'] !== undefined) return false;
  return LOOPBACK.has(req.socket?.remoteAddress ?? '');
}

/**
 * The development outboxes hold one-time codes: readable from this machine (the developer, the end-to-end tests) or
 * by a System Manager, never by anyone who can reach a staging server started without NODE_ENV=production.
 */
export function refuseRemoteOutboxReader(ctx: RequestContext) {
  if (isFromThisMachine(ctx.request) || ctx.user.roles.includes('System Manager')) return;
  throw permissionError('The development outboxes are readable only from this machine or by a System Manager');
}
