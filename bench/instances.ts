// The N-instance deployment measured: redemptions/s with one server process and with two on one PostgreSQL database,
// in the same run (the one-instance figure is the reference). Each instance is `server/main.ts` in its own Node
// process, as deployed; requests go round robin over the instances, as a proxy without sticky sessions sends them.
// Exactness (bench/race.ts) is a hard failure on both.
//   BENCH_DATABASE_URL=postgres://… npx tsx bench/instances.ts      (INSTANCE_SHAPES="10x20,100x10", BENCH_PORT)
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { signedInMembers } from './members';
import { perSecond, placeOrder, race, type RaceResult } from './race';
import { createBenchDatabase, table } from './support';

const SHAPES = (process.env.INSTANCE_SHAPES ?? '10x20,100x10').split(',').map((s) => s.split('x').map(Number) as [number, number]);
const PORT = Number(process.env.BENCH_PORT ?? 3202);

if (!process.env.BENCH_DATABASE_URL) {
  console.log('(set BENCH_DATABASE_URL=postgres://… to measure one and two instances on one PostgreSQL)');
  process.exit(0);
}

/** One instance as `npm start` runs it, answering once it listens. */
function startInstance(port: number, databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      SEED_DEMO: '1',
      ADMIN_PASSWORD: 'bench-admin',
      STAFF_PASSWORD: 'bench-staff',
      LOYALTY_MANAGER_PASSWORD: 'bench-manager',
      BRANCH_MANAGER_PASSWORD: 'bench-branch',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('is running')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`instance on ${port} exited with ${code}: ${out}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });

const database = await createBenchDatabase(process.env.BENCH_DATABASE_URL);
const pool = new pg.Pool({ connectionString: database.url, max: 4 });
const instances: ChildProcess[] = [];
let failures = 0;
try {
  instances.push(await startInstance(PORT, database.url));
  instances.push(await startInstance(PORT + 1, database.url));
  const one = placeOrder(() => `http://127.0.0.1:${PORT}`);
  const two = placeOrder((i) => `http://127.0.0.1:${PORT + (i % 2)}`);
  await race(pool, await signedInMembers(pool, 'warm-1', 5, 105), 5, one, false);
  await race(pool, await signedInMembers(pool, 'warm-2', 5, 105), 5, two, false);
  const rows: (string | number)[][] = [['members × parallel', 'one instance redemptions/s (reference)', 'two instances redemptions/s', 'two ÷ one', 'succeeded one · two']];
  const status = (r: RaceResult) => `${r.ok}/${r.expected}${r.failures ? ' FAILED' : ''}`;
  let run = 0;
  for (const [members, parallel] of SHAPES) {
    run += 1;
    const a = await race(pool, await signedInMembers(pool, `one${run}x`, members, 105), parallel, one, false);
    const b = await race(pool, await signedInMembers(pool, `two${run}x`, members, 105), parallel, two, false);
    failures += a.failures + b.failures;
    rows.push([`${members} × ${parallel}`, perSecond(a.ok, a.seconds), perSecond(b.ok, b.seconds), `${(a.seconds / b.seconds).toFixed(2)}×`, `${status(a)} · ${status(b)}`]);
  }
  table(rows);
  console.log('\n(both instances, the database and the client share this machine\'s cores)\n');
} finally {
  await Promise.all(instances.map(stop));
  await pool.end();
  await database.drop();
}
if (failures) {
  console.error(`${failures} exactness failures`);
  process.exit(1);
}
