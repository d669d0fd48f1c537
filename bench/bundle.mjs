// Prints the gzip size of the first route's JS and CSS and of every route chunk, and fails above the
// budgets of DESIGN §7. Reads the built app in dist/ (or DIST_DIR); run `npx vite build` first.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
const assets = path.join(dist, 'assets');
const BUDGET = { firstJs: 150, firstCss: 20, memberId: 70 }; // KB gzip

if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error(`No build in ${dist}: run \`npx vite build\` first.`);
  process.exit(1);
}

const gz = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);

/** A chunk and everything it imports statically (what the browser must fetch before it runs). */
function closure(file, seen = new Set()) {
  if (seen.has(file) || !fs.existsSync(file)) return seen;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  for (const m of text.matchAll(/(?:import|export)\s*(?:[\w${},*\s]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    closure(path.resolve(path.dirname(file), m[1]), seen);
  }
  return seen;
}
const sum = (files) => [...files].reduce((n, f) => n + gz(f), 0);

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)].map((m) => path.join(dist, m[1]));
const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/?([^"]+\.css)"/g)].map((m) => path.join(dist, m[1]));
const shell = new Set();
for (const e of entry) closure(e, shell);

const jsFiles = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
const routeChunk = (name) => jsFiles.find((f) => new RegExp(`^${name}-[\\w-]{6,}\\.js$`).test(f));
const withRoute = (name) => {
  const file = routeChunk(name);
  const set = new Set(shell);
  if (file) closure(path.join(assets, file), set);
  return { file, set };
};

const rows = [];
let failed = false;
const check = (what, bytes, budget) => {
  const ok = budget === undefined || bytes / 1024 <= budget;
  if (!ok) failed = true;
  rows.push([what, kb(bytes), budget === undefined ? '' : `≤ ${budget}`, budget === undefined ? '' : ok ? 'ok' : 'OVER']);
};

check('app shell JS (entry + static imports)', sum(shell));
for (const [label, name] of [['first route JS: /login', 'login'], ['first route JS: / (home)', 'index']]) {
  const { file, set } = withRoute(name);
  if (file) check(label, sum(set), BUDGET.firstJs);
}
check('first route CSS', css.reduce((n, f) => n + gz(f), 0), BUDGET.firstCss);
const myId = withRoute('my-id');
if (myId.file) {
  const extra = new Set([...myId.set].filter((f) => !shell.has(f)));
  check('member-ID route (chunk + its imports beyond the shell)', sum(extra), BUDGET.memberId);
}

const widths = [52, 10, 8, 5];
const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join(' ');
console.log(line(['what', 'KB gzip', 'budget', '']));
for (const r of rows) console.log(line(r));
console.log('\nroute chunks (gzip KB, chunk alone):');
for (const f of jsFiles.filter((f) => !shell.has(path.join(assets, f))).sort()) {
  console.log(`  ${f.padEnd(48)} ${kb(gz(path.join(assets, f)))}`);
}
if (failed) {
  console.error('\nA bundle budget of DESIGN §7 is exceeded.');
  process.exit(1);
}
