// `npm test`: build, type-check, lint, unit + server tests, then Playwright end-to-end tests in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

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

const only = process.argv[2];
if (!only || only === 'build') run('Build the app', 'npx', ['vite', 'build', '--logLevel', 'warn']);
if (!only || only === 'typecheck') {
  run('Route tree (src/routeTree.gen.ts)', 'node', ['scripts/gen-routes.mjs']);
  run('Type-check (app, server, tests)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  run('Type-check (service worker)', 'npx', ['tsc', '-p', 'sw/tsconfig.json', '--noEmit']);
}
if (!only || only === 'lint') run('Lint', 'npx', ['oxlint', '-c', '.oxlintrc.json', '--deny-warnings', 'src', 'server', 'sw', 'contracts', 'tests', 'e2e', 'bench', 'scripts']);
if (!only || only === 'unit') run('Unit and server tests', 'npx', ['vitest', 'run']);
if (!only || only === 'e2e') run('End-to-end tests (Chromium)', 'npx', ['playwright', 'test']);
console.log(`\nAll checks passed (${took(started)}).`);
