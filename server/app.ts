import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import type { CurrentUser, RequestContext, AppServices } from './frappe/context';
import { GUEST } from './frappe/context';
import { FrappeError, loggableError, sendFrappeError, toFrappeError } from './frappe/errors';
import { hasCsrfToken, resolveUser } from './frappe/sessions';
import { scopeRefusal } from './frappe/api-clients';
import { isCrossSite } from './frappe/origin';
import { applyPagePolicy, registerBrowserPolicy } from './frappe/browser-policy';
import { registerIdempotency, schedulePurge } from './frappe/idempotency';
import { registerMethodRoutes } from './frappe/dispatch';
import { registerResourceRoutes, resolveDoctype } from './frappe/resources';
import { coreMethods } from './frappe/core-methods';
import { registerFiles } from './frappe/files';
import { registerRootCommand } from './frappe/root-command';
import { registerApiReference } from './frappe/api-reference';
import { isAppPath, registerStatic, sendAppShell } from './serve-app';
import { ChangeBus } from './frappe/realtime-bus';
import { hasNul, nulRefusal, type MethodDef } from './frappe/methods';
import type { ResolvedDoctype } from './frappe/doctypes';
import { allModules } from './modules/index';
import type { ServerModule } from './frappe/module';
import { JobRunner, type Clock } from './modules/jobs/runner';

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser;
  }
  interface FastifyInstance {
    database: Database;
    changes: ChangeBus;
    methodRegistry: Map<string, MethodDef>;
    doctypeRegistry: Map<string, ResolvedDoctype>;
    /** Background jobs on the database (modules define their kinds; main.ts starts polling). */
    jobs: JobRunner;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
/** Writes that start a session or come back from LINE carry no CSRF token yet. */
const CSRF_EXEMPT = new Set(['/api/method/login']);

/** Builds the whole server on an open database. Never listens: tests use app.inject, main.ts listens. */
export async function buildApp(
  config: ServerConfig,
  database: Database,
  opts: { extraModules?: ServerModule[]; logStream?: { write(line: string): void }; clock?: Clock } = {},
): Promise<FastifyInstance> {
  const modules = [...allModules, ...(opts.extraModules ?? [])];
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Every error the log records, Fastify's own included (a streamed answer failing after its header went out):
      // a database error as its SQLSTATE and statement, never Drizzle's message, which repeats every parameter.
      // (Fastify's type wants a message and a stack on every error; a database error's are exactly what is left out.)
      serializers: { err: (err: unknown) => loggableError(err) as { type: string; message: string; stack: string } },
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    // Document names can be long once URL-encoded (Thai text is 9 bytes a character).
    routerOptions: { maxParamLength: 1000 },
    // Router-level failures (a name past that length, a bad URL) answer in Frappe's shape too, except a page
    // address the browser could not decode: that is the app's not-found screen, service worker or not.
    frameworkErrors: (err, req, reply) => {
      applyPagePolicy(reply);
      const page = err.code === 'FST_ERR_BAD_URL' && (req.method === 'GET' || req.method === 'HEAD') && isAppPath(req.url);
      if (page && sendAppShell(reply, config.distDir, 404)) return;
      sendFrappeError(reply, toFrappeError(err, config.production));
    },
    bodyLimit: 1024 * 1024,
  });
  const changes = new ChangeBus();
  const services: AppServices = {
    notifyListUpdate: (d, n, u) => changes.notifyListUpdate(d, n, u),
    credentialsChanged: async (db, event) => {
      for (const mod of modules) await mod.onCredentials?.(db, event);
    },
  };
  app.decorate('database', database);
  app.decorate('changes', changes);
  const jobs = new JobRunner({ db: database.db, log: app.log, clock: opts.clock, pollMs: config.jobsPollMs });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  app.decorateRequest('user', null as unknown as CurrentUser);

  // Frappe clients send DELETE and logout with a JSON content type and no body: accept an empty JSON body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new FrappeError('InvalidRequestError', 'Invalid JSON in the request body'), undefined);
    }
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: config.maxUploadBytes, files: 1 } });

  await registerBrowserPolicy(app);

  const { methods, doctypes } = registries(modules);
  app.addHook('onRequest', async (req) => {
    req.user = GUEST;
    // Frappe's `POST /` (cmd) too: its Idempotency-Key belongs to the signed-in caller, never to an IP address.
    const rootCommand = req.method === 'POST' && req.url.split('?')[0] === '/';
    if (!req.url.startsWith('/api/') && !req.url.startsWith('/private/') && !rootCommand) return;
    // A method that reads its caller (withSession) has that read come in the session's own statement.
    const method = req.url.startsWith(METHOD_PREFIX) ? methods.get(req.url.slice(METHOD_PREFIX.length).split('?')[0]!) : undefined;
    req.user = await resolveUser(database.db, req, jobs.clock(), method?.withSession);
    // An API client calls the methods its scopes allow (checked by the dispatcher) and nothing else: no resource, file or command.
    if (req.user.via === 'client' && !req.url.startsWith('/api/method/')) throw scopeRefusal(req.url.split('?')[0]!);
  });

  // Login CSRF and its kin: no write from another site's page, signed in or not (a forged sign-in would put the
  // victim's browser in the attacker's account). Same-origin pages and API clients are unaffected.
  app.addHook('preHandler', async (req) => {
    if (UNSAFE.has(req.method) && isCrossSite(req.headers, config)) {
      throw new FrappeError('CSRFTokenError', 'Cross-site requests are not accepted', { status: 403 });
    }
  });

  app.addHook('preHandler', async (req) => {
    if (!UNSAFE.has(req.method) || req.user.via !== 'session') return;
    if (CSRF_EXEMPT.has(req.url.split('?')[0]!)) return;
    if (!hasCsrfToken(req)) throw new FrappeError('CSRFTokenError', 'Invalid Request');
  });
  // PostgreSQL text cannot hold NUL characters: refuse them up front as a clear 4xx rather than a failed query.
  app.addHook('preHandler', async (req) => {
    if (req.url.startsWith('/api/') && (hasNul(req.params) || hasNul(req.query) || hasNul(req.body))) {
      throw nulRefusal();
    }
  });
  registerIdempotency(app, database.db);
  schedulePurge(app, database.db);

  app.setErrorHandler((err, req, reply) => {
    const fe = toFrappeError(err, config.production);
    if (fe.status >= 500) req.log.error({ error: loggableError(err) }, 'request failed');
    if (fe.status === 401) reply.clearCookie('sid', { path: '/' });
    return sendFrappeError(reply, fe);
  });

  const context = (request: FastifyRequest, reply: FastifyReply): RequestContext => ({
    db: database.db,
    config,
    user: request.user,
    request,
    reply,
    services,
  });

  app.decorate('methodRegistry', methods);
  app.decorate('doctypeRegistry', doctypes);

  registerFiles(app, database.db, config);
  registerMethodRoutes(app, methods, context, { checkAnswers: config.checkAnswers });
  registerResourceRoutes(app, doctypes, context);
  // The methods a brand's systems call, and the events they receive, first in the reference.
  registerApiReference(app, methods, { featured: ['integration', 'webhooks', 'api-clients'] });
  for (const mod of modules) await mod.routes?.(app, { database, config, services });
  await registerRootCommand(app);
  await registerStatic(app, config.distDir);
  return app;
}

const METHOD_PREFIX = '/api/method/';

/** Every method (Frappe's own and the modules') by its path, and every doctype by its name: what the server serves. */
export function registries(modules: readonly ServerModule[]): { methods: Map<string, MethodDef>; doctypes: Map<string, ResolvedDoctype> } {
  const doctypes = new Map<string, ResolvedDoctype>();
  const methods = new Map<string, MethodDef>();
  for (const mod of modules) {
    for (const d of mod.doctypes ?? []) doctypes.set(d.doctype, resolveDoctype(d));
  }
  for (const m of [...coreMethods(doctypes), ...modules.flatMap((mod) => mod.methods ?? [])]) {
    if (methods.has(m.path)) throw new Error(`method registered twice: ${m.path}`);
    methods.set(m.path, m);
  }
  return { methods, doctypes };
}
