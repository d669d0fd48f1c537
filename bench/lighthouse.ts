// Lighthouse 12 (mobile preset: simulated slow 4G, 4× CPU) in Debian's Chromium against the real server with the
// built app: /login as a guest, and / and /my-id signed in with a seeded member's cookie. Median of 3 runs.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { benchMember, startBenchServer, table } from './support';

const RUNS = Number(process.env.LH_RUNS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const server = await startBenchServer();
const member = await benchMember(server, 'lighthouse.member@example.com');
const pages: [string, string, string | undefined][] = [
  ['/login (guest)', '/login', undefined],
  ['/ (member)', '/', member.cookie],
  ['/my-id (member)', '/my-id', member.cookie],
];
const rows: (string | number)[][] = [['page', 'performance', 'accessibility', 'LCP ms', 'TBT ms', 'CLS']];
for (const [label, route, cookie] of pages) {
  const results = [];
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
    });
    try {
      const result = await lighthouse(`${server.url}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        formFactor: 'mobile',
        extraHeaders: cookie ? { Cookie: cookie } : undefined,
      });
      const lhr = result!.lhr;
      results.push({
        perf: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      });
    } finally {
      await chrome.kill();
    }
  }
  rows.push([
    label,
    median(results.map((r) => r.perf)),
    median(results.map((r) => r.a11y)),
    Math.round(median(results.map((r) => r.lcp))),
    Math.round(median(results.map((r) => r.tbt))),
    median(results.map((r) => r.cls)).toFixed(3),
  ]);
}
console.log(`Lighthouse ${RUNS} runs each, median (budgets: performance ≥ 95, accessibility ≥ 95, LCP ≤ 2000 ms, CLS ≤ 0.05)`);
table(rows);
await server.close();
