// The OpenAPI 3.1 document of everything the server serves under /api/method/, written from the server's registry
// (verbs, who may call, the scope an API client needs) and the contracts (arguments, answers, comments): never by
// hand, so it cannot drift from the code. Served at /api/openapi.json (server/frappe/api-reference.ts).
import * as v from 'valibot';
import { toJsonSchema, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import { API_CLIENT_CALLS_PER_MINUTE } from '../../contracts/api-clients';
import { ERROR_CODE_FIELD, ERROR_CODES } from '../../contracts/errors';
import { WEBHOOK_EVENTS, WebhookPayloadSchema } from '../../contracts/webhooks';
import { contractCatalog } from './api-catalog';
import { EXC_STATUS } from './errors';
import type { HttpVerb, MethodDef } from './methods';
import { SID_COOKIE } from './sessions';

type Json = Record<string, unknown>;
type AnySchema = v.GenericSchema & { type: string; entries?: Record<string, v.GenericSchema> };

const OBJECT_TYPES = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);

/**
 * What cannot be said in JSON Schema, and how the document says it instead:
 * - A field is required when its schema refuses an absent value: valibot's `optional(string, '')` followed by
 *   `minLength(1)` is required, though its input type allows undefined; the internal default is left out.
 * - Transformations (trim, upper case, a numeric string made a number) are not described: the schema is of the input
 *   a client sends (`typeMode: 'input'`), and a client sends the value already trimmed.
 * - A check across fields (`v.check`: exactly one of phone, member_code or customer; lines adding up to the amount)
 *   becomes a sentence of the schema's description: its message.
 * - A whole number or a bound set on a union of a number and a numeric string (contracts/args.ts) is the number's
 *   (`integer`, `minimum`, `maximum`); a numeric string's own range is not described (its pattern is); `finite` goes
 *   without saying.
 * - `v.custom` schemas and the few actions with no JSON Schema counterpart are dropped (`errorMode: 'ignore'`).
 */
const overrideSchema: ConversionConfig['overrideSchema'] = ({ valibotSchema, jsonSchema }) => {
  const schema = valibotSchema as AnySchema;
  if (!OBJECT_TYPES.has(schema.type) || !schema.entries || !jsonSchema.properties) return undefined;
  const required = Object.keys(schema.entries).filter((key) => !v.safeParse(schema.entries![key]!, undefined).success);
  const properties: Record<string, JsonSchema> = {};
  for (const [key, prop] of Object.entries(jsonSchema.properties as Record<string, JsonSchema>)) {
    if (required.includes(key) && typeof prop === 'object' && 'default' in prop) {
      const { default: _default, ...rest } = prop;
      properties[key] = rest;
    } else properties[key] = prop;
  }
  const { required: _required, ...rest } = jsonSchema;
  return { ...rest, properties, ...(required.length ? { required } : {}) };
};

const overrideAction: ConversionConfig['overrideAction'] = ({ valibotAction, jsonSchema }) => {
  const action = valibotAction as { type: string; message?: unknown; requirement?: unknown };
  if (action.type === 'check' && typeof action.message === 'string') {
    const sentence = /[.!?]$/.test(action.message) ? action.message : `${action.message}.`;
    return { ...jsonSchema, description: jsonSchema.description ? `${jsonSchema.description} ${sentence}` : sentence };
  }
  // A number or a numeric string (contracts/args.ts): the bound or the whole-number rule is the number's.
  if (jsonSchema.anyOf && (action.type === 'integer' || ((action.type === 'min_value' || action.type === 'max_value') && typeof action.requirement === 'number'))) {
    const change: JsonSchema =
      action.type === 'integer' ? { type: 'integer' } : { [action.type === 'min_value' ? 'minimum' : 'maximum']: action.requirement as number };
    const anyOf = jsonSchema.anyOf.map((s) => (typeof s === 'object' && (s.type === 'number' || s.type === 'integer') ? { ...s, ...change } : s));
    const { type: _type, minimum: _minimum, maximum: _maximum, ...rest } = jsonSchema;
    return { ...rest, anyOf };
  }
  return undefined;
};

/** A valibot schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): of the input for arguments, as sent for answers. */
export function jsonSchemaOf(schema: v.GenericSchema, mode: 'input' | 'output'): Json {
  const json = toJsonSchema(schema as Parameters<typeof toJsonSchema>[0], {
    target: 'draft-2020-12',
    typeMode: mode === 'input' ? 'input' : 'ignore',
    errorMode: 'ignore',
    overrideSchema,
    overrideAction,
  }) as Json;
  delete json.$schema;
  return json;
}

/** The area of a contract file, its tag: `contracts/api-clients.ts` is `api-clients`. */
export const areaOf = (file: string) => file.replace(/^contracts\//, '').replace(/\.ts$/, '');

const SCALAR = new Set(['string', 'number', 'integer', 'boolean', 'null']);
const isScalar = (s: Json): boolean =>
  (typeof s.type === 'string' && SCALAR.has(s.type)) ||
  (Array.isArray(s.anyOf) && (s.anyOf as Json[]).every(isScalar)) ||
  'const' in s ||
  (Array.isArray(s.enum) && s.type === undefined);

/** The first sentence of a comment, for a summary line. */
function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/[.:;](\s|$)/);
  const sentence = end < 0 ? flat : flat.slice(0, end);
  return sentence.length > 120 ? `${sentence.slice(0, 117)}…` : sentence;
}

const ERROR_RESPONSES = {
  Unauthorized: {
    status: '401',
    exc: ['AuthenticationError', 'SessionExpired'],
    description: 'Not signed in, or the API key or secret is wrong, revoked or expired.',
  },
  Forbidden: {
    status: '403',
    exc: ['PermissionError', 'CSRFTokenError'],
    description:
      'The caller may not call this method: an API client without the scope (`error_code` `scope_missing`), a user calling an API client\'s method (`api_client_only`), or a role the method does not let in.',
  },
  NotFound: { status: '404', exc: ['DoesNotExistError'], description: 'What the arguments name does not exist (`error_code` says what, e.g. `member_not_found`, `hold_not_found`).' },
  ValidationFailed: {
    status: '417',
    exc: ['ValidationError', 'MandatoryError'],
    description:
      'The arguments break the method\'s rules, or the request cannot be done (not enough points, a settled hold…): the sentence in `_server_messages` says why, `error_code` says it for a program.',
  },
  TooManyRequests: {
    status: '429',
    exc: ['TooManyRequestsError'],
    description: `Too many calls: an API client may make ${API_CLIENT_CALLS_PER_MINUTE.toLocaleString('en')} a minute; slow down and try again after a minute.`,
  },
} as const;
type ErrorResponse = keyof typeof ERROR_RESPONSES;

const FRAPPE_ERROR: Json = {
  type: 'object',
  description: "Frappe's error body: the exception's class, its text, the sentence to show and the machine code.",
  properties: {
    exc_type: { type: 'string', enum: Object.keys(EXC_STATUS), description: "Frappe's exception class (each has its HTTP status)." },
    exception: { type: 'string', description: '`frappe.exceptions.<exc_type>: <sentence>`.' },
    _server_messages: {
      type: 'string',
      description: 'A JSON list of JSON strings, each `{message, title, indicator, raise_exception}`: the first `message` is the sentence to show (English).',
    },
    [ERROR_CODE_FIELD]: { type: 'string', enum: [...new Set(ERROR_CODES)], description: 'What went wrong, for a program: stable, never reworded. Absent when there is no more to say than the status.' },
  },
  required: ['exc_type', 'exception', '_server_messages'],
};

const WEBHOOK_HEADERS = [
  ['webhook-id', "The event's id: the same on every attempt of the same event, so a receiver ignores one it has already handled."],
  ['webhook-timestamp', 'When this attempt was signed, in whole seconds since 1970 (UTC): refuse one far from your clock (more than 5 minutes) to stop a replay.'],
  [
    'webhook-signature',
    '`v1,<signature>`: base64 of HMAC-SHA256 over `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the subscription\'s secret (the base64 after `whsec_`). Several, separated by spaces, may be sent: accept the request when one matches. Any Standard Webhooks library checks it.',
  ],
] as const;

export interface OpenApiOptions {
  /** The document's version (the package's). */
  version: string;
  /** The areas (contract files' names, e.g. `integration`) listed first, in this order. */
  featured: readonly string[];
}

const UNSAFE: readonly HttpVerb[] = ['POST', 'PUT'];

/** The OpenAPI 3.1 document of every method the registry serves and every webhook event. */
export async function openApiDocument(methods: ReadonlyMap<string, MethodDef>, opts: OpenApiOptions): Promise<Json> {
  const catalog = await contractCatalog();
  const declared = new Map(catalog.methods.map((d) => [d.contract.path, d]));
  const areaOrder = [...opts.featured, ...[...catalog.areas.keys()].map(areaOf).filter((a) => !opts.featured.includes(a)), 'other'];
  const rank = (def: MethodDef) => {
    const d = declared.get(def.path);
    return [areaOrder.indexOf(d ? areaOf(d.file) : 'other'), d ? catalog.methods.indexOf(d) : 0] as const;
  };
  const ordered = [...methods.values()].sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    return ra[0] - rb[0] || ra[1] - rb[1] || a.path.localeCompare(b.path);
  });

  const paths: Json = {};
  const usedAreas = new Set<string>(['webhooks']);
  for (const def of ordered) {
    const d = declared.get(def.path);
    const area = d ? areaOf(d.file) : 'other';
    usedAreas.add(area);
    const args = jsonSchemaOf(def.args, 'input');
    const who = def.scope
      ? `API clients with the scope \`${def.scope}\` (\`Authorization: token <api_key>:<api_secret>\`).`
      : def.allow.includes('Guest')
        ? 'Anyone.'
        : def.allow.includes('All')
          ? 'Anyone signed in.'
          : `Users with the role ${def.allow.filter((r) => r !== 'System Manager').join(', ') || 'System Manager'} (a System Manager passes every role check).`;
    const security = def.scope
      ? [{ apiToken: [def.scope] }]
      : def.allow.includes('Guest')
        ? []
        : [{ session: def.allow.filter((r) => r !== 'All') }, { apiToken: def.allow.filter((r) => r !== 'All') }];
    const errors: ErrorResponse[] = [...(def.allow.includes('Guest') && !def.scope ? [] : (['Unauthorized', 'Forbidden'] as const)), 'NotFound', 'ValidationFailed', 'TooManyRequests'];
    const item: Json = {};
    for (const verb of def.verbs) {
      const op: Json = {
        tags: [area],
        operationId: def.verbs.length === 1 ? def.path : `${def.path}.${verb.toLowerCase()}`,
        summary: d?.comment ? firstSentence(d.comment) : def.path,
        description: [d?.comment, `**Who:** ${who}`].filter(Boolean).join('\n\n'),
        security,
      };
      if (UNSAFE.includes(verb)) {
        const required = Array.isArray(args.required) && args.required.length > 0;
        op.requestBody = { required, content: { 'application/json': { schema: args } } };
      } else {
        op.parameters = Object.entries((args.properties ?? {}) as Record<string, Json>).map(([name, schema]) => ({
          name,
          in: 'query',
          required: Array.isArray(args.required) && args.required.includes(name),
          // Frappe clients send a list or an object as JSON in the query string.
          ...(isScalar(schema) ? { schema } : { content: { 'application/json': { schema } } }),
        }));
      }
      op.responses = {
        '200': answerOf(def),
        ...Object.fromEntries(errors.map((e) => [ERROR_RESPONSES[e].status, { $ref: `#/components/responses/${e}` }])),
      };
      item[verb.toLowerCase()] = op;
    }
    paths[`/api/method/${def.path}`] = item;
  }

  const webhooks: Json = {};
  for (const event of WEBHOOK_EVENTS) {
    webhooks[event] = {
      post: {
        tags: ['webhooks'],
        operationId: `webhook.${event}`,
        summary: `The event ${event}`,
        description: `Sent to each subscription to \`${event}\`, signed per the Standard Webhooks specification. Answer any 2xx within 15 seconds; anything else is retried.`,
        parameters: WEBHOOK_HEADERS.map(([name, description]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } })),
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/WebhookPayload' }, { type: 'object', properties: { type: { const: event } } }] } } },
        },
        responses: {
          '200': { description: 'Received (any 2xx answer counts).' },
          '410': { description: 'Gone: the subscription is disabled and nothing more is sent to it.' },
        },
        security: [],
      },
    };
  }

  const description = (area: string) => catalog.areas.get(`contracts/${area}.ts`) ?? '';
  return {
    openapi: '3.1.0',
    info: {
      title: 'Member Rewards API',
      version: opts.version,
      description: [
        "Frappe's API as Member Rewards serves it. A method is called at `/api/method/<dotted.path>`: a GET with its arguments in the query string (a list or an object as JSON), a POST with a JSON body. The answer is `{\"message\": <answer>}`; a refusal is Frappe's error body (`exc_type`, `exception`, `_server_messages`) with a machine `error_code`, and 417 for arguments that break the method's rules.",
        "The brand's own systems (a till, a web shop) call the methods of the `integration` area as API clients, with `Authorization: token <api_key>:<api_secret>`; a System Manager creates the client with the scopes it needs. Each receives the `webhooks` events it subscribes to.",
        'The readable reference: [/api/docs](/api/docs).',
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    tags: areaOrder.filter((a) => usedAreas.has(a)).map((name) => ({ name, ...(description(name) ? { description: description(name) } : {}) })),
    paths,
    webhooks,
    components: {
      securitySchemes: {
        apiToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            "`token <api_key>:<api_secret>`: an API client's key and secret (the brand's systems; the method's scope must be one of the client's), or a user's own API key (the method's roles).",
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SID_COOKIE,
          description: "The app's session cookie, set by `login`; a write also sends the session's CSRF token as `X-Frappe-CSRF-Token`.",
        },
      },
      schemas: {
        FrappeError: FRAPPE_ERROR,
        WebhookPayload: jsonSchemaOf(WebhookPayloadSchema, 'output'),
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([name, r]) => [
          name,
          {
            description: r.description,
            content: {
              'application/json': {
                schema: { allOf: [{ $ref: '#/components/schemas/FrappeError' }, { type: 'object', properties: { exc_type: { enum: [...r.exc] } } }] },
              },
            },
          },
        ]),
      ),
    },
  };
}

/** A method's 200: `{"message": <answer>}`, `{}` for a method that answers nothing, or the method's own reply. */
function answerOf(def: MethodDef): Json {
  if (def.raw) {
    const content = def.returns ? { 'application/json': { schema: jsonSchemaOf(def.returns, 'output') } } : { '*/*': {} };
    return { description: 'Its own reply, not wrapped in `message` (a redirect, a page, a file, or a body of its own).', content };
  }
  const returns = def.returns as AnySchema;
  const schema =
    returns.type === 'undefined'
      ? { type: 'object', properties: {}, additionalProperties: false }
      : { type: 'object', properties: { message: jsonSchemaOf(returns, 'output') }, required: ['message'] };
  return { description: 'The answer, in `message`.', content: { 'application/json': { schema } } };
}
