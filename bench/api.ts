// autocannon against the real server on PGlite (and on PostgreSQL when BENCH_DATABASE_URL is set): the catalogue
// read with 1,000 items, get_profile and get_loyalty_points_details (the summary alone, and with a page of rows), each next to a bare Fastify JSON route
// started in the same run. Prints requests/s, p50/p99 latency and each route's ratio to the reference. A second
// reference, bare Fastify sending the catalogue page's own bytes, shows how much of the catalogue's gap is the
// size of its answer (about 18 KB against the reference's 50 bytes) rather than our server. BENCH_PROFILE=1 adds, for
// each of our routes, where the thread's time went (V8's profiler over a second, shorter run).
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { items } from '../server/db/schema/catalog';
import { benchMember, startBenchServer, table } from './support';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

/**
 * Where this process's time went during a short second run of a route (BENCH_PROFILE=1): self time by package, from
 * V8's CPU profiler. The load generator shares the thread, as it does in the measured run.
 */
async function profileOf(url: string, headers: Record<string, string>) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples!.forEach((id, i) => {
    const node = byNode.get(id)!;
    const url = node.callFrame.url;
    const where =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      (/\/(server|contracts)\//.test(url) ? 'our server' : url.startsWith('wasm:') ? 'WebAssembly' : url ? 'node internals' : node.callFrame.functionName);
    const dt = profile.timeDeltas![i] ?? 0;
    self.set(where, (self.get(where) ?? 0) + dt);
    total += dt;
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, t]) => `${k} ${((t / total) * 100).toFixed(0)}%`).join(', ');
}

async function run(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
}

async function reference(page: Buffer) {
  const app = Fastify();
  app.get('/json', async () => ({ message: { hello: 'world', items: [1, 2, 3] } }));
  app.get('/page', async (_req, reply) => reply.type('application/json; charset=utf-8').send(page));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, url: `${base}/json`, pageUrl: `${base}/page` };
}

async function benchOn(label: string, databaseUrl?: string) {
  const server = await startBenchServer(databaseUrl);
  const extra = Array.from({ length: 1000 }, (_, i) => ({
    name: `BENCH-${i}`, item_code: `BENCH-${i}`, item_name: `สินค้าทดสอบ ${i}`, item_group: i % 3 === 0 ? 'Gift' : 'Products',
    price_list_rate: 100 + (i % 900), loyalty_points_based_price: 10 + (i % 50), tags: [], attributes: [],
  }));
  for (let i = 0; i < extra.length; i += 200) await server.database.db.insert(items).values(extra.slice(i, i + 200));
  const member = await benchMember(server, 'bench.member@example.com');
  const query = encodeURIComponent(JSON.stringify({ field_filters: {}, attribute_filters: {}, item_group: null, start: 0, from_filters: false }));
  const catalogue = `${server.url}/api/method/erpnext.e_commerce.api.get_product_filter_data?query_args=${query}`;
  const page = Buffer.from(await (await fetch(catalogue)).arrayBuffer());
  const ref = await reference(page);
  const routes: [string, string, Record<string, string>][] = [
    ['bare Fastify JSON (reference)', ref.url, {}],
    [`bare Fastify, the page's ${(page.length / 1024).toFixed(0)} KB (reference)`, ref.pageUrl, {}],
    ['get_product_filter_data (1,000 items)', catalogue, {}],
    ['get_profile', `${server.url}/api/method/headless_e_commerce.api.get_profile`, { cookie: member.cookie }],
    ['get_loyalty_points_details, limit 0 (the home, the card)', `${server.url}/api/method/headless_e_commerce.api.get_loyalty_points_details?limit=0`, { cookie: member.cookie }],
    ['get_loyalty_points_details, a page of 100', `${server.url}/api/method/headless_e_commerce.api.get_loyalty_points_details`, { cookie: member.cookie }],
  ];
  const rows: (string | number)[][] = [[`${label}: route`, 'req/s', 'p50 ms', 'p99 ms', 'ratio']];
  let refRps = 0;
  for (const [name, url, headers] of routes) {
    const r = await run(url, headers);
    if (!refRps) refRps = r.rps;
    rows.push([name, r.rps, r.p50, r.p99, `${((r.rps / refRps) * 100).toFixed(0)}%`]);
  }
  table(rows);
  if (process.env.BENCH_PROFILE) {
    const ourRoutes = routes.filter(([name]) => !name.includes('(reference)'));
    for (const [name, url, headers] of ourRoutes) console.log(`  ${name}, where the thread's time went: ${await profileOf(url, headers)}`);
  }
  console.log('');
  await ref.app.close();
  await server.close();
}

await benchOn('PGlite');
if (process.env.BENCH_DATABASE_URL) await benchOn('PostgreSQL', process.env.BENCH_DATABASE_URL);
else console.log('(set BENCH_DATABASE_URL=postgres://… to run the same table on PostgreSQL)');
