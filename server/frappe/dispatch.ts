import * as v from 'valibot';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAllowed, type RequestContext } from './context';
import { FrappeError, permissionError, validationError } from './errors';
import { argumentsRefusal, decodeQueryArgs, JsonText, type HttpVerb, type MethodDef } from './methods';
import { hasCsrfToken } from './sessions';
import { fromOwnPage } from './origin';
import { clientOnlyRefusal, scopeRefusal } from './api-clients';

export function argsOf(req: FastifyRequest): Record<string, unknown> {
  const query = decodeQueryArgs((req.query ?? {}) as Record<string, unknown>);
  if (req.method === 'GET' || req.method === 'DELETE') return query;
  const body = req.body;
  if (body === undefined || body === null || body === '') return query;
  if (typeof body !== 'object' || Array.isArray(body)) throw validationError('Invalid request arguments');
  return { ...query, ...(body as Record<string, unknown>) };
}

/** /api/method/<dotted.path>: verb check, role check, argument validation, then `{message}` or `{}`. */
/** An answer that breaks its method's contract: a server bug, reported as one (tests turn this check on). */
export function checkAnswer(def: MethodDef, result: unknown): void {
  if (!def.returns || def.raw) return;
  // The contract is of the answer as sent: dates and the like are checked in their JSON form.
  const value = result instanceof JsonText ? JSON.parse(result.json) : result === undefined ? undefined : JSON.parse(JSON.stringify(result));
  const parsed = v.safeParse(def.returns, value);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = issue?.path?.map((p) => String(p.key)).join('.') ?? '';
    throw new Error(`The answer of ${def.path} does not match its contract at '${where}': ${issue?.message}`);
  }
}

export function registerMethodRoutes(
  app: FastifyInstance,
  methods: Map<string, MethodDef>,
  context: (req: FastifyRequest, reply: FastifyReply) => RequestContext,
  opts: { checkAnswers?: boolean } = {},
) {
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/api/method/*',
    handler: async (req, reply) => {
      const path = req.params['*'];
      const def = methods.get(path);
      if (!def) throw validationError(`Failed to get method for command ${path.slice(0, 120)} with No module named ${path.split('.')[0]?.slice(0, 60)}`);
      if (!def.verbs.includes(req.method as HttpVerb)) {
        throw new FrappeError('PermissionError', `Not permitted: ${req.method} is not allowed for ${path}`, { title: 'Method Not Allowed' });
      }
      // An API client: its scopes alone decide. A user: never a client's method, else the roles decide.
      if (req.user.client) {
        if (!def.scope || !req.user.client.scopes.includes(def.scope)) throw scopeRefusal(path);
      } else if (def.scope) {
        throw clientOnlyRefusal(path);
      } else if (!isAllowed(req.user, def.allow)) {
        throw permissionError(`You are not permitted to access this resource. Function ${path} is not whitelisted.`);
      }
      if (def.sideEffects && req.method === 'GET' && req.user.via === 'session' && !hasCsrfToken(req) && !fromOwnPage(req.headers)) {
        throw new FrappeError('CSRFTokenError', 'Invalid Request');
      }
      const parsed = v.safeParse(def.args, argsOf(req));
      if (!parsed.success) throw argumentsRefusal(parsed.issues, def.args);
      const result = await def.handler(context(req, reply), parsed.output);
      if (def.raw || reply.sent) return reply;
      if (opts.checkAnswers) checkAnswer(def, result);
      if (result instanceof JsonText) return reply.type('application/json; charset=utf-8').send(result.body);
      return result === undefined ? {} : { message: result };
    },
  });
}
