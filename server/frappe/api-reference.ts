// Serves the OpenAPI document (GET /api/openapi.json) and a reference page for integrators written from it
// (GET /api/docs, with its style sheet /api/docs.css): plain HTML, no script, no inline style, so the site's
// content-security policy applies unchanged.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from './crypto';
import type { MethodDef } from './methods';
import { openApiDocument, type OpenApiOptions } from './openapi';

type Json = Record<string, any>;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PACKAGE_VERSION = (JSON.parse(fs.readFileSync(path.join(HERE, '../../package.json'), 'utf8')) as { version: string }).version;
const STYLE = fs.readFileSync(path.join(HERE, 'api-reference.css'), 'utf8');

export const OPENAPI_PATH = '/api/openapi.json';
export const REFERENCE_PATH = '/api/docs';

interface Built {
  json: string;
  html: string;
  etag: string;
}

/**
 * The document is worked out once per server: when it starts listening, or at the first request for it when it
 * never listens (a test that injects its requests, which most never make). Each answer carries the document's hash
 * as its ETag, so a client or a cache revalidates with a 304 until a deployment changes the API.
 */
export function registerApiReference(app: FastifyInstance, methods: ReadonlyMap<string, MethodDef>, opts: Omit<OpenApiOptions, 'version'>) {
  let built: Promise<Built> | undefined;
  const once = () =>
    (built ??= openApiDocument(methods, { ...opts, version: PACKAGE_VERSION }).then((doc) => {
      const json = JSON.stringify(doc);
      return { json, html: referencePage(doc), etag: `"${sha256(json).slice(0, 32)}"` };
    }));
  app.addHook('onListen', async () => {
    await once();
  });

  const send = async (req: FastifyRequest, reply: FastifyReply, type: string, body: (b: Built) => string, etag: (b: Built) => string) => {
    const b = await once();
    const tag = etag(b);
    reply.header('cache-control', 'public, max-age=300').header('etag', tag);
    if (req.headers['if-none-match'] === tag) return reply.status(304).send();
    return reply.type(type).send(body(b));
  };
  app.get(OPENAPI_PATH, (req, reply) => send(req, reply, 'application/json; charset=utf-8', (b) => b.json, (b) => b.etag));
  app.get(REFERENCE_PATH, (req, reply) => send(req, reply, 'text/html; charset=utf-8', (b) => b.html, (b) => b.etag));
  const styleTag = `"${sha256(STYLE).slice(0, 32)}"`;
  app.get(`${REFERENCE_PATH}.css`, (req, reply) => send(req, reply, 'text/css; charset=utf-8', () => STYLE, () => styleTag));
}

const escape = (s: unknown) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A comment's text as HTML: paragraphs at blank lines, `code` as code, **strong** as strong. */
function prose(text: string | undefined): string {
  if (!text) return '';
  return text
    .split(/\n\s*\n/)
    .map((p) => `<p>${escape(p.replace(/\s*\n\s*/g, ' ')).replace(/`([^`]+)`/g, '<code>$1</code>').replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>').replace(/\[([^\]]+)\]\(([^)]+)\)/g, '<a href="$2">$1</a>')}</p>`)
    .join('');
}

/** A JSON Schema as a short type: `string or null`, `list of object`, `"held" | "captured"`. */
function typeOf(s: Json | undefined): string {
  if (!s) return 'any';
  if (s.$ref) return String(s.$ref).split('/').pop()!;
  if (s.allOf) return s.allOf.map(typeOf).join(' and ');
  if (s.anyOf) return [...new Set<string>(s.anyOf.map(typeOf))].join(' or ');
  if ('const' in s) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((e: unknown) => JSON.stringify(e)).join(' | ');
  if (s.type === 'array') return `list of ${typeOf(s.items)}`;
  return s.type ?? 'any';
}

/** What a value must be beyond its type: lengths, bounds, pattern, default, and the schema's own sentence. */
function rulesOf(s: Json): string[] {
  const all = [s, ...((s.anyOf ?? []) as Json[])];
  const rules: string[] = [];
  const range = (min: number | undefined, max: number | undefined, unit: string) =>
    min !== undefined && max !== undefined ? `${min} to ${max}${unit}` : min !== undefined ? `at least ${min}${unit}` : max !== undefined ? `at most ${max}${unit}` : null;
  for (const x of all) {
    const length = range(x.minLength, x.maxLength, ' characters');
    if (length) rules.push(length);
    const value = range(x.minimum, x.maximum, '');
    if (value) rules.push(`${x.type === 'integer' ? 'a whole number' : 'a number'}${x.minimum !== undefined && x.maximum !== undefined ? ' from' : ''} ${value}`);
    const items = range(x.minItems, x.maxItems, ' items');
    if (items) rules.push(items);
    if (x.pattern !== undefined) rules.push(`as text: \`${x.pattern}\``);
  }
  if (s.default !== undefined) rules.push(`default ${JSON.stringify(s.default)}`);
  if (s.description) rules.push(s.description);
  return rules;
}

interface Field {
  name: string;
  type: string;
  required: boolean;
  rules: string[];
}

/** An object's fields, and those of the objects inside it (`lines[].amount`), two levels deep. */
function fieldsOf(s: Json | undefined, prefix = '', depth = 0): Field[] {
  if (!s || s.type !== 'object' || !s.properties) return [];
  const required = new Set<string>(s.required ?? []);
  return Object.entries(s.properties as Record<string, Json>).flatMap(([key, prop]) => {
    const name = `${prefix}${key}`;
    const own: Field = { name, type: typeOf(prop), required: required.has(key), rules: rulesOf(prop) };
    if (depth >= 1) return [own];
    const inner = prop.type === 'array' ? fieldsOf(prop.items, `${name}[].`, depth + 1) : fieldsOf(prop, `${name}.`, depth + 1);
    return [own, ...inner];
  });
}

/** Arguments say which are required; answers which may be left out (the rest are always there). */
function fieldTable(fields: Field[], none: string, mark: 'required' | 'optional' = 'required'): string {
  if (fields.length === 0) return `<p class="none">${escape(none)}</p>`;
  const label = (f: Field) => (mark === 'required' ? (f.required ? ' <span class="required">required</span>' : '') : f.required ? '' : ' <span class="optional">may be absent</span>');
  const withRules = fields.some((f) => f.rules.length > 0);
  const rows = fields
    .map((f) => `<tr><td><code>${escape(f.name)}</code>${label(f)}</td><td>${escape(f.type)}</td>${withRules ? `<td>${prose(f.rules.join('; '))}</td>` : ''}</tr>`)
    .join('');
  return `<table><thead><tr><th>Name</th><th>Type</th>${withRules ? '<th>Rules</th>' : ''}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** The status of each refusal an operation lists, with the response it refers to. */
function errorList(doc: Json, op: Json): string {
  const items = Object.entries(op.responses as Json)
    .filter(([status]) => status !== '200')
    .map(([status, r]) => {
      const name = String((r as Json).$ref ?? '').split('/').pop()!;
      const response = doc.components.responses[name] as Json | undefined;
      return `<li><strong>${escape(status)}</strong> <a href="#error-${escape(name)}">${escape(name)}</a>${response ? `: ${prose(response.description).replace(/^<p>|<\/p>$/g, '')}` : ''}</li>`;
    });
  return `<ul class="errors">${items.join('')}</ul>`;
}

function methodSection(doc: Json, route: string, item: Json): string {
  const verbs = Object.keys(item);
  const op = item[verbs[0]!] as Json;
  const post = verbs.map((vb) => item[vb] as Json).find((o) => o.requestBody);
  const args = post ? post.requestBody.content['application/json'].schema : { type: 'object', properties: Object.fromEntries(((op.parameters ?? []) as Json[]).map((p) => [p.name, p.schema ?? p.content['application/json'].schema])), required: ((op.parameters ?? []) as Json[]).filter((p) => p.required).map((p) => p.name) };
  const answer = (op.responses['200'].content?.['application/json']?.schema ?? {}) as Json;
  const id = route.replace(/^\/api\/method\//, '');
  return [
    `<section class="method" id="${escape(id)}">`,
    `<h3><span class="verbs">${verbs.map((vb) => escape(vb.toUpperCase())).join(' · ')}</span> <code>${escape(route)}</code></h3>`,
    prose(op.description),
    '<h4>Arguments</h4>',
    // A rule across the arguments (exactly one way of naming the member…).
    prose(args.description),
    fieldTable(fieldsOf(args), 'None.'),
    '<h4>Answer, in <code>message</code></h4>',
    fieldTable(fieldsOf(answer.properties?.message), answer.properties?.message ? typeOf(answer.properties.message) : 'An empty object.', 'optional'),
    '<h4>Errors</h4>',
    errorList(doc, op),
    '</section>',
  ].join('\n');
}

/** The reference page: the methods API clients call, the webhook events, the errors; everything else is in the JSON. */
export function referencePage(doc: Json): string {
  const paths = Object.entries(doc.paths as Record<string, Json>);
  // An API client's methods: the token alone, with a scope (a user's method also takes the session).
  const forClients = paths.filter(([, item]) => Object.values(item).some((op) => ((op as Json).security ?? []).length > 0 && (op as Json).security.every((s: Json) => s.apiToken?.length)));
  const tag = (name: string) => (doc.tags as Json[]).find((t) => t.name === name);
  const byTag = new Map<string, [string, Json][]>();
  for (const entry of forClients) {
    const name = (Object.values(entry[1])[0] as Json).tags[0] as string;
    byTag.set(name, [...(byTag.get(name) ?? []), entry]);
  }
  const events = Object.entries(doc.webhooks as Record<string, Json>);
  const firstEvent = events[0]?.[1].post as Json | undefined;
  const payload = doc.components.schemas.WebhookPayload as Json;
  const errors = Object.entries(doc.components.responses as Record<string, Json>);
  const status = (name: string) => {
    for (const [, item] of paths) for (const op of Object.values(item)) for (const [code, r] of Object.entries((op as Json).responses)) if ((r as Json).$ref?.endsWith(`/${name}`)) return code;
    return '';
  };
  const errorShape = doc.components.schemas.FrappeError as Json;

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)}: reference for integrators</title>
<link rel="stylesheet" href="${REFERENCE_PATH}.css">
</head>
<body>
<header>
<h1>${escape(doc.info.title)} <span class="version">${escape(doc.info.version)}</span></h1>
<p>The methods a till or a web shop calls, and the webhook events it receives. The whole API, every method included, is described by the OpenAPI 3.1 document <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>: generate a client from it.</p>
<nav><ul>${[...byTag.keys()].map((t) => `<li><a href="#area-${escape(t)}">${escape(t)}</a></li>`).join('')}<li><a href="#webhooks">webhook events</a></li><li><a href="#errors">errors</a></li></ul></nav>
</header>
<main>
<section id="calling">
<h2>Calling the API</h2>
${prose(doc.info.description.replace(/\n\nThe readable reference:.*$/s, ''))}
${prose(doc.components.securitySchemes.apiToken.description)}
</section>
${[...byTag.entries()]
  .map(([t, entries]) => `<section id="area-${escape(t)}" class="area">\n<h2>${escape(t)}</h2>\n${prose(tag(t)?.description)}\n${entries.map(([route, item]) => methodSection(doc, route, item)).join('\n')}\n</section>`)
  .join('\n')}
<section id="webhooks" class="area">
<h2>Webhook events</h2>
${prose(tag('webhooks')?.description)}
<h3>Events</h3>
<ul class="events">${events.map(([name]) => `<li id="event-${escape(name)}"><code>${escape(name)}</code></li>`).join('')}</ul>
<h3>Headers of every delivery</h3>
<table><thead><tr><th>Header</th><th>What it is</th></tr></thead><tbody>${((firstEvent?.parameters ?? []) as Json[]).map((p) => `<tr><td><code>${escape(p.name)}</code></td><td>${prose(p.description)}</td></tr>`).join('')}</tbody></table>
<h3>The body (JSON)</h3>
${fieldTable(fieldsOf(payload), '', 'optional')}
<h3>Your answer</h3>
<ul>${Object.entries((firstEvent?.responses ?? {}) as Json).map(([code, r]) => `<li><strong>${escape(code)}</strong>: ${escape((r as Json).description)}</li>`).join('')}</ul>
</section>
<section id="errors" class="area">
<h2>Errors</h2>
<p>A refusal is Frappe's error body, with the HTTP status of its exception class:</p>
${fieldTable(fieldsOf(errorShape), '', 'optional')}
<dl>${errors.map(([name, r]) => `<dt id="error-${escape(name)}"><strong>${escape(status(name))}</strong> ${escape(name)}: <code>${escape((r.content['application/json'].schema.allOf[1].properties.exc_type.enum as string[]).join(' | '))}</code></dt><dd>${prose(r.description)}</dd>`).join('')}</dl>
<p>Every <code>error_code</code>: ${(errorShape.properties.error_code.enum as string[]).map((c) => `<code>${escape(c)}</code>`).join(', ')}.</p>
</section>
</main>
</body>
</html>
`;
}
