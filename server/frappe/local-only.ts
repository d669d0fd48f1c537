import type { FastifyRequest } from 'fastify';
import type { RequestContext } from './context';
import { permissionError } from './errors';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * Whether the request comes from this machine itself. Without forwarding headers: its socket's peer is a loopback
 * address. With them: only a proxy that TRUST_PROXY trusts may say so (the client address it forwarded is a loopback
 * one); a reverse proxy on the same machine that is not trusted connects from loopback for every visitor, so its
 * headers make the request remote.
 */
export function isFromThisMachine(req: FastifyRequest): boolean {
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined || req.headers['x-real-ip'] !== undefined;
  if (!forwarded) return LOOPBACK.test(req.socket?.remoteAddress ?? '');
  // `ips` exists only when trustProxy is on: the peer, then each forwarded address up to the first untrusted hop.
  const trustedHops = ((req as { ips?: string[] }).ips?.length ?? 1) - 1;
  return trustedHops > 0 && LOOPBACK.test(req.ip);
}

/**
 * The development outboxes hold one-time codes: readable from this machine (the developer, the end-to-end tests) or
 * by a System Manager, never by anyone who can reach a staging server started without NODE_ENV=production.
 */
export function refuseRemoteOutboxReader(ctx: RequestContext) {
  if (isFromThisMachine(ctx.request) || ctx.user.roles.includes('System Manager')) return;
  throw permissionError('The development outboxes are readable only from this machine or by a System Manager');
}
