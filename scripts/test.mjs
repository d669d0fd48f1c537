// `npm test`: build, type-check, lint, unit + server tests, then Playwright end-to-end tests in Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';

const CHROMIUM = '/usr/bin/chromium';

const started = Date.now();
const took = (since) => {
  const s = Math.round((Date.now() - since) / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
};

// Each phase says how long it took: on a busy machine the end-to-end phase alone can take more than an hour.
function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const since = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) {
    console.error(`✖ ${title} failed after ${took(since)} (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
  console.log(`✔ ${title} (${took(since)})`);
}

// Chromium, and a Thai font as every phone has (without one Thai is drawn as boxes, and the e2e layout checks
// would measure text no member sees).
const hasThaiFont = () => spawnSync('bash', ['-c', 'fc-list :lang=th 2>/dev/null | head -1'], { encoding: 'utf8' }).stdout?.trim() !== '';
const packages = [...(fs.existsSync(CHROMIUM) ? [] : ['chromium']), ...(hasThaiFont() ? [] : ['fonts-tlwg-loma-otf'])];
if (packages.length > 0) {
  if (process.getuid?.() === 0) {
    run(`Installing ${packages.join(' and ')} (Debian packages)`, 'bash', ['-c', `apt-get update && apt-get install -y ${packages.join(' ')}`]);
  } else {
    console.error(`Missing Debian packages: run \`sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}\`, then \`npm test\` again.`);
    process.exit(1);
  }
}

// The example till (examples/pos/) is a package of its own, as an integrator has it: its test runs its TypeScript 5
// and openapi-typescript, which the root package cannot hold (it is on TypeScript 7).
if (!fs.existsSync('examples/pos/node_modules/.bin/openapi-typescript')) {
  run('Example till packages (examples/pos)', 'npm', ['install', '--prefix', 'examples/pos', '--no-audit', '--no-fund', '--prefer-offline']);
}

const only = process.argv[2];
if (!only || only === 'build') run('Build the app', 'npx', ['vite', 'build', '--logLevel', 'warn']);
if (!only || only === 'typecheck') {
  run('Route tree (src/routeTree.gen.ts)', 'node', ['scripts/gen-routes.mjs']);
  run('Type-check (app, server, tests)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  run('Type-check (service worker)', 'npx', ['tsc', '-p', 'sw/tsconfig.json', '--noEmit']);
}
if (!only || only === 'lint') run('Lint', 'npx', ['oxlint', '-c', '.oxlintrc.json', '--deny-warnings', 'src', 'server', 'sw', 'contracts', 'tests', 'e2e', 'bench', 'scripts']);
if (!only || only === 'unit') run('Unit and server tests', 'npx', ['vitest', 'run']);
if (!only || only === 'e2e') await endToEnd();
console.log(`\nAll checks passed (${took(started)}).`);

/**
 * The end-to-end suite in E2E_SHARDS Playwright runs at once (2 unless set), each with its own server, database,
 * port and copy of the build (the update test deploys a second build over its copy). Much of a journey is waiting
 * (a member code rotating, a job's next round, a screen settling), so two runs on two cores take little more than
 * half the time of one.
 */
async function endToEnd() {
  const title = 'End-to-end tests (Chromium)';
  const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
  console.log(`\n▶ ${title}, in ${shards} runs at once`);
  const since = Date.now();
  const runs = Array.from({ length: shards }, (_, i) => {
    const n = i + 1;
    const dist = `test-results/dist-e2e-${n}`;
    fs.rmSync(dist, { recursive: true, force: true });
    fs.rmSync(`${dist}-next`, { recursive: true, force: true });
    fs.cpSync('dist', dist, { recursive: true });
    // The member pages' server renderer, which the build writes beside the app (server/member-page.ts).
    fs.rmSync(`${dist}-ssr`, { recursive: true, force: true });
    if (fs.existsSync('dist-ssr')) fs.cpSync('dist-ssr', `${dist}-ssr`, { recursive: true });
    const args = ['playwright', 'test', ...(shards > 1 ? [`--shard=${n}/${shards}`] : [])];
    const child = spawn('npx', args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, E2E_PORT: String(8123 + i), E2E_RUN: String(n), DIST_DIR: dist, E2E_DIST_DIR: dist },
    });
    // Each line says which run printed it.
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`[e2e ${n}/${shards}] ${line}`));
    }
    return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  });
  const codes = await Promise.all(runs);
  const failed = codes.filter((code) => code !== 0).length;
  if (failed > 0) {
    console.error(`✖ ${title} failed after ${took(since)} (${failed} of ${shards} runs failed)`);
    process.exit(1);
  }
  console.log(`✔ ${title} (${took(since)})`);
}
