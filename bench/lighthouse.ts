// Lighthouse 12 (mobile preset: simulated slow 4G, 4× CPU) in Debian's Chromium against the real server with the
// built app: /login as a guest, and / and /my-id signed in with a seeded member's cookie. Median of 3 runs.
// Next to each page, the same run measures its floor: a static HTML page holding only that page's LCP element (its
// tag and text as Lighthouse reported them), served from memory by a bare Node server, so the ratio shows what the
// app adds over painting the same element on this machine under the same throttling.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { benchMember, startBenchServer, table } from './support';

const RUNS = Number(process.env.LH_RUNS ?? 3);
/** The median of the runs that measured the figure (a run where Lighthouse could not tell one leaves it out). */
const median = (xs: number[]) => {
  const measured = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return measured.length ? measured[Math.floor(measured.length / 2)]! : NaN;
};

const server = await startBenchServer();
const member = await benchMember(server, 'lighthouse.member@example.com');
// LH_PAGES=/,/my-id measures only those pages.
const only = process.env.LH_PAGES?.split(',');
const pages = ([
  ['/login (guest)', '/login', undefined],
  ['/ (member)', '/', member.cookie],
  ['/my-id (member)', '/my-id', member.cookie],
] as [string, string, string | undefined][]).filter(([, route]) => !only || only.includes(route));

/** The static reference pages, by path: filled in once the app's page has told us its LCP element. */
const staticPages = new Map<string, string>();
const reference = http.createServer((req, res) => {
  const body = staticPages.get(req.url ?? '');
  res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
  res.end(body ?? 'not found');
});
await new Promise<void>((resolve) => reference.listen(0, '127.0.0.1', resolve));
const referenceUrl = `http://127.0.0.1:${(reference.address() as AddressInfo).port}`;

interface LcpNode {
  snippet?: string;
  nodeLabel?: string;
  boundingRect?: { width: number; height: number };
}
const escapeHtml = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
/**
 * The LCP element alone in a page: a text element keeps its tag and text; a canvas or image becomes an inline SVG
 * image of its size (a drawn canvas counts for LCP as an image does).
 */
function staticPageFor(node: LcpNode): string {
  const snippet = node.snippet ?? '<p>';
  const tag = /^<([a-z0-9-]+)/i.exec(snippet)?.[1]?.toLowerCase() ?? 'p';
  const { width = 200, height = 200 } = node.boundingRect ?? {};
  const element = ['canvas', 'img', 'svg', 'image', 'video'].includes(tag)
    ? `<img alt="" width="${Math.round(width)}" height="${Math.round(height)}" src="data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' width='${Math.round(width)}' height='${Math.round(height)}'><rect width='100%' height='100%' fill='white'/><rect x='10%' y='10%' width='30%' height='30%'/><rect x='60%' y='60%' width='30%' height='30%'/></svg>`)}">`
    : `<${tag} style="font: 600 22px sans-serif; margin: 16px">${escapeHtml(node.nodeLabel ?? 'Member Rewards')}</${tag}>`;
  return `<!doctype html><html lang="th"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>reference</title></head><body><main>${element}</main></body></html>`;
}

async function run(url: string, cookie?: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      formFactor: 'mobile',
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    });
    const lhr = result!.lhr;
    const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: LcpNode }[] }[] } | undefined)?.items;
    type Items<T> = { details?: { items?: T[] } } | undefined;
    const work = ((lhr.audits['mainthread-work-breakdown'] as Items<{ groupLabel: string; duration: number }>)?.details?.items ?? [])
      .map((i) => `${i.groupLabel} ${Math.round(i.duration)}`)
      .join(', ');
    const scripts = ((lhr.audits['bootup-time'] as Items<{ url: string; scripting: number }>)?.details?.items ?? [])
      .slice(0, 4)
      .map((i) => `${i.url.replace(/^https?:\/\/[^/]+\/(assets\/)?/, '')} ${Math.round(i.scripting)}`)
      .join(', ');
    // The LCP's phases (time to first byte, the wait before its resource starts, its load, the wait to render it).
    const phases = ((lcpItems?.[1] as { items?: { phase?: string; timing?: number }[] } | undefined)?.items ?? [])
      .map((i) => `${i.phase} ${Math.round(i.timing ?? 0)}`)
      .join(', ');
    // What this machine's unthrottled load showed, before Lighthouse's simulation (first paint, LCP).
    const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
    const seen = `observed unthrottled: first paint ${Math.round(observed.observedFirstContentfulPaint ?? NaN)}, LCP ${Math.round(observed.observedLargestContentfulPaint ?? NaN)}`;
    return {
      profile: `LCP phases (ms): ${phases || 'none reported'}; ${seen}\n    main thread (ms): ${work}\n    scripting by file (ms): ${scripts}`,
      perf: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      lcpNode: lcpItems?.[0]?.items?.[0]?.node,
      missing: ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']
        .map((id) => lhr.audits[id]?.errorMessage && `${id}: ${lhr.audits[id]?.errorMessage}`)
        .filter(Boolean),
    };
  } finally {
    await chrome.kill();
  }
}
type Result = Awaited<ReturnType<typeof run>>;
const row = (label: string, results: Result[]) => [
  label,
  median(results.map((r) => r.perf)),
  median(results.map((r) => r.a11y)),
  Math.round(median(results.map((r) => r.lcp))),
  Math.round(median(results.map((r) => r.tbt))),
  median(results.map((r) => r.cls)).toFixed(3),
];

const profiles: string[] = [];
const rows: (string | number)[][] = [['page', 'performance', 'accessibility', 'LCP ms', 'TBT ms', 'CLS', 'LCP element']];
for (const [label, route, cookie] of pages) {
  const results: Result[] = [];
  for (let i = 0; i < RUNS; i++) results.push(await run(`${server.url}${route}`, cookie));
  const node = results.find((r) => r.lcpNode)?.lcpNode ?? {};
  const refPath = `/reference${route === '/' ? '/home' : route}`;
  staticPages.set(refPath, staticPageFor(node));
  const refs: Result[] = [];
  for (let i = 0; i < RUNS; i++) refs.push(await run(`${referenceUrl}${refPath}`));
  const ours = row(label, results);
  const floor = row(`  reference: static page, same LCP element`, refs);
  const lcpRatio = (Number(ours[3]) / Math.max(1, Number(floor[3]))).toFixed(1);
  rows.push([...ours, (node.snippet ?? '?').slice(0, 60)]);
  rows.push([...floor, `ours / reference LCP: ${lcpRatio}×`]);
  profiles.push(`${label}, run 1:\n    ${results[0]?.profile ?? ''}`);
  for (const [i, r] of results.entries()) if (r.missing.length) profiles.push(`${label}, run ${i + 1} measured no ${r.missing.join('; ')}`);
}
console.log(`Lighthouse ${RUNS} runs each, median (budgets: performance ≥ 95, accessibility ≥ 95, LCP ≤ 2000 ms, CLS ≤ 0.05)`);
table(rows);
console.log(`\nWhere the main thread went (Lighthouse's simulated 4× CPU):\n${profiles.join('\n')}`);
await server.close();
reference.close();
