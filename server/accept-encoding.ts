import type { FastifyRequest } from 'fastify';

/** The content codings a request's Accept-Encoding names ("gzip, br;q=1" → ['gzip', 'br']). */
export const acceptedEncodings = (req: FastifyRequest): string[] =>
  String(req.headers['accept-encoding'] ?? '')
    .split(/\s*,\s*/)
    .map((e) => e.split(';')[0]!.trim());
