// Members × parallel redemptions through the real HTTP server: redemptions/s and the count of overspends
// (must be 0), first with the reward's stock not counted (points decide), then with a counted stock smaller than
// what the points allow (stock decides: exactly that many succeed and none is left, never fewer than zero).
// On PostgreSQL when BENCH_DATABASE_URL is set, else on PGlite. Exits non-zero on any overspend or oversell.
import { eq } from 'drizzle-orm';
import { items } from '../server/db/schema/catalog';
import { balanceOf, earnPoints, programOf } from '../server/modules/loyalty/ledger';
import { benchMember, startBenchServer, table } from './support';

// 100 parallel on one member must never overspend; then many members at once (RACE_SHAPES="1x100,10x20" to change).
const SHAPES = (process.env.RACE_SHAPES ?? '1x100,10x20').split(',').map((s) => s.split('x').map(Number) as [number, number]);
const AFFORDABLE = 7; // each member holds points for exactly 7 redemptions
const PRICE = 15; // GIFT-TOTE in the demo catalogue

async function race(label: string, MEMBERS: number, PARALLEL: number, databaseUrl?: string, stock: number | null = null) {
  const server = await startBenchServer(databaseUrl);
  await server.database.db.update(items).set({ stock_qty: stock }).where(eq(items.item_code, 'GIFT-TOTE'));
  const members = [];
  for (let i = 0; i < MEMBERS; i++) {
    const m = await benchMember(server, `race${i}@example.com`);
    const program = await programOf(server.database.db, m.customer);
    await earnPoints(server.database.db, { customer: m.customer, program: program!, points: AFFORDABLE * PRICE, source: 'adjustment' });
    members.push(m);
  }
  const body = JSON.stringify({ loyalty_points: PRICE, items: [{ item_code: 'GIFT-TOTE', qty: 1 }], payment_method: 'bank-transfer', branch: 'สาขาสยาม' });
  const started = performance.now();
  const results = await Promise.all(
    members.flatMap((m) =>
      Array.from({ length: PARALLEL }, () =>
        fetch(`${server.url}/api/method/headless_e_commerce.api.place_order`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: m.cookie, 'x-frappe-csrf-token': m.csrf },
          body,
        }).then((r) => r.status),
      ),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const ok = results.filter((s) => s === 200).length;
  const affordable = MEMBERS * Math.min(AFFORDABLE, PARALLEL);
  const expected = stock === null ? affordable : Math.min(affordable, stock);
  let spent = 0;
  let negative = 0;
  let overspends = 0;
  for (const m of members) {
    const left = await balanceOf(server.database.db, m.customer);
    if (left < 0) negative += 1;
    spent += AFFORDABLE * PRICE - left;
    // Points only decide alone: then every member spends exactly what they could afford.
    if (stock === null && left !== AFFORDABLE * PRICE - PRICE * Math.min(AFFORDABLE, PARALLEL)) overspends += 1;
  }
  if (spent !== ok * PRICE) overspends += 1;
  const [item] = await server.database.db.select({ stock: items.stock_qty }).from(items).where(eq(items.item_code, 'GIFT-TOTE'));
  const stockLeft = item?.stock ?? null;
  const oversold = stock === null ? 0 : stockLeft !== stock - ok || stockLeft! < 0 ? 1 : 0;
  const unexpected = results.filter((s) => s !== 200 && s !== 417).length;
  table([
    [`${label}: members × parallel`, 'stock', 'requests', 'succeeded', 'expected', 'requests/s', 'redemptions/s', 'overspends', 'negative balances', 'stock left', 'other statuses'],
    [`${MEMBERS} × ${PARALLEL}`, stock ?? 'not counted', results.length, ok, expected, (results.length / seconds).toFixed(1), (ok / seconds).toFixed(1), overspends, negative, stockLeft ?? '-', unexpected],
  ]);
  console.log('');
  await server.close();
  return overspends + negative + oversold + (ok === expected ? 0 : 1);
}

let failures = 0;
for (const [members, parallel] of SHAPES) {
  // A counted stock below what the points allow: the stock must decide, to the unit.
  const stock = Math.max(1, Math.floor((members * Math.min(AFFORDABLE, parallel)) / 2));
  failures += await race('PGlite', members, parallel);
  failures += await race('PGlite, counted stock', members, parallel, undefined, stock);
  if (process.env.BENCH_DATABASE_URL) {
    failures += await race('PostgreSQL', members, parallel, process.env.BENCH_DATABASE_URL);
    failures += await race('PostgreSQL, counted stock', members, parallel, process.env.BENCH_DATABASE_URL, stock);
  }
}
if (!process.env.BENCH_DATABASE_URL) console.log('(set BENCH_DATABASE_URL=postgres://… to run the race on PostgreSQL)');
if (failures) process.exit(1);
