// `npm start`: builds the app when the build is missing or older than its sources, then starts the server
// (API + built app on one origin, embedded PGlite under ./data unless DATABASE_URL is set).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const distDir = path.resolve(root, process.env.DIST_DIR ?? 'dist');
const built = path.join(distDir, 'index.html');

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newestMtime(path.join(p, f))));
}

const sources = ['src', 'sw', 'public', 'contracts', 'index.html', 'manifest.webmanifest', 'vite.config.ts', 'package.json'];
const sourceTime = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (!fs.existsSync(built) || newestMtime(built) < sourceTime) {
  console.log('Building the app…');
  const res = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DIST_DIR: distDir },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
