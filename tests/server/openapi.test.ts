import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { WEBHOOK_EVENTS } from '../../contracts/webhooks';
import { SECURITY_HEADERS } from '../../server/frappe/browser-policy';
import { createMember, type Session, type TestServer } from '../support/server';
import { asClient, createClient, integrationServer } from './integration/support';

type Json = Record<string, any>;

let server: TestServer;
let admin: Session;
let doc: Json;
beforeAll(async () => {
  ({ server, admin } = await integrationServer());
  const res = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode, res.body).toBe(200);
  doc = res.json();
}, 120_000);
afterAll(() => server?.close());

const EARN = '/api/method/member_rewards.integration.earn';

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is public and cacheable: an ETag the next request revalidates with a 304', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toMatch(/public/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await server.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('has every method the server serves, with its verbs', () => {
    const served = [...server.app.methodRegistry.values()];
    expect(served.length).toBeGreaterThan(50);
    const missing = served.flatMap((def) =>
      def.verbs.filter((verb) => !doc.paths[`/api/method/${def.path}`]?.[verb.toLowerCase()]).map((verb) => `${verb} ${def.path}`),
    );
    expect(missing).toEqual([]);
    // Nothing the server does not serve.
    expect(Object.keys(doc.paths).length).toBe(served.length);
  });

  it("describes integration.earn as a till sends it: a JSON body with receipt_no, branch and amount, for a client with points:earn", () => {
    const earn = doc.paths[EARN].post;
    const body = earn.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['receipt_no', 'branch', 'amount', 'phone', 'member_code', 'customer', 'lines']));
    expect(body.required).toEqual(expect.arrayContaining(['receipt_no', 'amount']));
    expect(body.required).not.toContain('branch');
    expect(body.properties.receipt_no).toMatchObject({ type: 'string', minLength: 1, maxLength: 40 });
    expect(body.properties.amount.anyOf).toContainEqual(expect.objectContaining({ type: 'number', minimum: 0.01, maximum: 1_000_000 }));
    // The rule across fields is said in words.
    expect(body.description).toContain('Name the member by phone, member_code or customer');
    expect(earn.security).toEqual([{ apiToken: ['points:earn'] }]);
    const answer = earn.responses['200'].content['application/json'].schema;
    expect(answer.required).toEqual(['message']);
    expect(answer.properties.message.properties).toHaveProperty('duplicate', { type: 'boolean' });
    expect(earn.tags).toEqual(['integration']);
    // A GET method takes its arguments in the query.
    const lookup = doc.paths['/api/method/member_rewards.integration.lookup_member'];
    expect(lookup.get ?? lookup.post).toBeTruthy();
  });

  it('puts the integration methods and the webhooks first, described for integrators', () => {
    const tags = (doc.tags as Json[]).map((t) => t.name);
    expect(tags.slice(0, 2)).toEqual(['integration', 'webhooks']);
    expect(doc.tags[0].description).toContain('till');
    expect(Object.keys(doc.paths)[0]).toMatch(/^\/api\/method\/member_rewards\.integration\./);
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    expect(doc.components.securitySchemes.apiToken.description).toContain('token <api_key>:<api_secret>');
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sid' });
  });

  it('has every webhook event with its payload and the three Standard Webhooks headers', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const event of WEBHOOK_EVENTS) {
      const post = doc.webhooks[event].post;
      expect(post.parameters.filter((p: Json) => p.in === 'header' && p.required).map((p: Json) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      const schema = post.requestBody.content['application/json'].schema;
      expect(schema.allOf).toContainEqual({ $ref: '#/components/schemas/WebhookPayload' });
      expect(schema.allOf).toContainEqual({ type: 'object', properties: { type: { const: event } } });
    }
    const payload = doc.components.schemas.WebhookPayload;
    expect(payload.required).toEqual(expect.arrayContaining(['type', 'timestamp', 'data']));
    expect(payload.properties.type.enum).toEqual([...WEBHOOK_EVENTS]);
    expect(payload.properties.data.required).toEqual(['customer']);
  });

  it("describes the 417 a client gets as the body it really is: exc_type, _server_messages and error_code", async () => {
    const refusal = doc.components.responses.ValidationFailed.content['application/json'].schema;
    expect(refusal.allOf[1].properties.exc_type.enum).toContain('ValidationError');
    const shape = doc.components.schemas.FrappeError;
    expect(shape.required).toEqual(['exc_type', 'exception', '_server_messages']);
    expect(doc.paths[EARN].post.responses['417']).toEqual({ $ref: '#/components/responses/ValidationFailed' });
    for (const status of ['401', '403', '404', '429']) expect(doc.paths[EARN].post.responses).toHaveProperty(status);

    // A real refusal of the server has that shape, and its code is one the document lists.
    const client = await createClient(admin, ['points:redeem', 'members:read']);
    const m = await createMember(server);
    const res = await asClient(server, client, 'member_rewards.integration.hold', { customer: m.customer, points: 50, receipt_no: 'R-1', branch: 'สาขาสยาม' });
    expect(res.statusCode).toBe(417);
    const body = res.json();
    for (const key of shape.required) expect(body).toHaveProperty(key);
    expect(refusal.allOf[1].properties.exc_type.enum).toContain(body.exc_type);
    expect(body.error_code).toBe('not_enough_points');
    expect(shape.properties.error_code.enum).toContain(body.error_code);
  });
});

describe('GET /api/docs', () => {
  it('lists the integration methods and every webhook event, with arguments, answers and errors, and links the JSON', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('href="/api/openapi.json"');
    for (const m of ['lookup_member', 'earn', 'reverse', 'hold', 'capture', 'release', 'confirm_reward']) {
      expect(html).toContain(`<code>/api/method/member_rewards.integration.${m}</code>`);
    }
    // Only what an API client calls: not a back-office method (the whole API is in the JSON).
    expect(html).not.toContain('<code>/api/method/member_rewards.api_clients.create</code>');
    expect(html).not.toContain('<code>/api/method/ping</code>');
    for (const event of WEBHOOK_EVENTS) expect(html).toContain(`<code>${event}</code>`);
    const earn = html.slice(html.indexOf('id="member_rewards.integration.earn"'));
    const section = earn.slice(0, earn.indexOf('</section>'));
    expect(section).toMatch(/<code>receipt_no<\/code> <span class="required">required<\/span>/);
    expect(section).toContain('<code>duplicate</code>');
    expect(section).toContain('Name the member by phone, member_code or customer.');
    expect(section).toMatch(/<strong>417<\/strong>/);
    expect(html).toContain('<code>webhook-signature</code>');
    // Nothing the content-security policy would refuse: no script, no inline style.
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    expect(res.headers['content-security-policy']).toBe(SECURITY_HEADERS['content-security-policy']);
    const css = await server.app.inject({ method: 'GET', url: '/api/docs.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(html).toContain('<link rel="stylesheet" href="/api/docs.css">');
  });
});
