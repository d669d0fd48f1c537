// `npm run bench`: every benchmark in turn, each printing its own table. Builds the app first if needed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const run = (title, cmd, args, env = {}) => {
  console.log(`\n## ${title}\n`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) console.error(`(${title} exited with ${res.status})`);
  return res.status ?? 1;
};
if (!fs.existsSync('dist/index.html')) run('build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
let failed = 0;
failed += run('bundle sizes (bench/bundle.mjs)', 'node', ['bench/bundle.mjs']) ? 1 : 0;
// With where each route's time went (a second, profiled run): what limits the reads, not a guess.
failed += run('API throughput (bench/api.ts)', 'npx', ['tsx', 'bench/api.ts'], { BENCH_PROFILE: '1' }) ? 1 : 0;
failed += run('redemption race (bench/redeem-race.ts)', 'npx', ['tsx', 'bench/redeem-race.ts']) ? 1 : 0;
// PostgreSQL only (BENCH_DATABASE_URL): each says so and exits when it is not set.
failed += run('redemptions/s next to node-postgres (bench/redemptions.ts)', 'npx', ['tsx', 'bench/redemptions.ts']) ? 1 : 0;
failed += run('one and two instances (bench/instances.ts)', 'npx', ['tsx', 'bench/instances.ts']) ? 1 : 0;
// About a minute of seeding; BENCH_SCALE=0 leaves it out.
if (process.env.BENCH_SCALE !== '0') failed += run(`${process.env.SCALE_MEMBERS ?? '100,000'} members, ${process.env.SCALE_ROWS ?? '1,000,000'} ledger rows (bench/scale.ts)`, 'npx', ['tsx', 'bench/scale.ts']) ? 1 : 0;
failed += run('export memory (bench/export-memory.ts)', 'node', ['--expose-gc', '--import', 'tsx', 'bench/export-memory.ts']) ? 1 : 0;
failed += run('dashboard at scale (bench/reports.ts)', 'npx', ['tsx', 'bench/reports.ts']) ? 1 : 0;
if (fs.existsSync('bench/offline-start.mjs')) failed += run('cold offline start (bench/offline-start.mjs)', 'node', ['bench/offline-start.mjs']) ? 1 : 0;
failed += run('Lighthouse (bench/lighthouse.ts)', 'npx', ['tsx', 'bench/lighthouse.ts']) ? 1 : 0;
process.exit(failed ? 1 : 0);
