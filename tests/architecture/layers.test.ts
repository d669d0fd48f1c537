import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What may import what (ARCHITECTURE.md, "The layers"), checked on the real import graph: every import of the app,
 * the service worker, the server and the contracts is resolved to the file or package it names, and the rules below
 * (written out here, once) refuse the ones that cross a layer the wrong way. A relative path is judged by where it
 * lands, so `../../other-feature/x` and `@/features/other-feature/x` are the same import.
 */

const ROOT = path.resolve(__dirname, '../..');
const SCANNED = ['src', 'sw', 'server', 'contracts'];
const SKIPPED = new Set(['src/routeTree.gen.ts', 'server/db/migrations']);

type Target = { kind: 'file'; path: string } | { kind: 'package'; name: string } | { kind: 'missing'; spec: string };
interface Import {
  from: string;
  spec: string;
  target: Target;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (SKIPPED.has(rel)) return [];
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [rel] : [];
  });
}

/** Import specifiers of a module: static imports and re-exports (type-only ones too), side-effect and dynamic imports. */
function specifiersOf(code: string): string[] {
  const text = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return found.map((m) => m[1]!);
}

const CANDIDATES = ['', '.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

function resolve(from: string, spec: string): Target {
  // A Vite query (`?raw`, `?url`) asks for the same file in another form.
  if (spec.startsWith('.') || spec.startsWith('@/')) spec = spec.replace(/\?[\w&=]*$/, '');
  const local = spec.startsWith('@/') ? path.join(ROOT, 'src', spec.slice(2)) : spec.startsWith('.') ? path.resolve(ROOT, path.dirname(from), spec) : null;
  if (!local) return { kind: 'package', name: spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]! };
  for (const ending of CANDIDATES) {
    const file = local + ending;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return { kind: 'file', path: path.relative(ROOT, file) };
  }
  return { kind: 'missing', spec };
}

function importGraph(): Import[] {
  return SCANNED.flatMap(sourceFiles).flatMap((from) =>
    specifiersOf(fs.readFileSync(path.join(ROOT, from), 'utf8')).map((spec) => ({ from, spec, target: resolve(from, spec) })),
  );
}

const under = (target: Target, ...dirs: string[]) => target.kind === 'file' && dirs.some((dir) => target.path.startsWith(dir));
const featureOf = (file: string) => /^src\/features\/([^/]+)\//.exec(file)?.[1];
const REACT_PACKAGES = /^(react|react-dom|@mantine\/.*|@tanstack\/.*)$/;

interface Rule {
  /** The files the rule applies to. */
  files: (file: string) => boolean;
  refuses: (imp: Import) => boolean;
  why: string;
}

/** The layers' rules: a file that a rule applies to may not import what it refuses. */
const RULES: Rule[] = [
  {
    files: (f) => f.startsWith('contracts/'),
    refuses: ({ target }) => !(target.kind === 'package' && target.name === 'valibot') && !under(target, 'contracts/'),
    why: 'contracts/ is shared by the app, the server and the service worker: it imports valibot and itself, nothing else',
  },
  {
    files: (f) => f.startsWith('src/'),
    refuses: ({ target }) => under(target, 'server/'),
    why: 'the app never imports server code; share through contracts/',
  },
  {
    files: (f) => f.startsWith('server/'),
    refuses: ({ target, spec }) => under(target, 'src/') || spec.startsWith('@/'),
    why: 'the server never imports app code; share through contracts/',
  },
  {
    files: (f) => f.startsWith('sw/'),
    refuses: ({ target, spec }) => under(target, 'src/', 'server/') || spec.startsWith('@/'),
    why: 'the service worker shares only contracts/ with the app and the server',
  },
  {
    files: (f) => /^src\/(lib|components|hooks)\//.test(f),
    refuses: ({ target }) => under(target, 'src/entities/', 'src/features/', 'src/routes/'),
    why: 'lib and components sit below entities, features and routes',
  },
  {
    files: (f) => f.startsWith('src/entities/'),
    refuses: ({ target }) => under(target, 'src/features/', 'src/routes/', 'src/components/', 'src/hooks/'),
    why: 'an entity (one data domain\'s queries and mutations) imports lib and contracts only, never a feature, a route or UI',
  },
  {
    files: (f) => f.startsWith('src/features/'),
    refuses: ({ from, spec, target }) => {
      if (under(target, 'src/routes/') || spec.startsWith('@/features/')) return true;
      const own = `src/features/${featureOf(from)}/`;
      if (under(target, 'src/features/') && !under(target, own)) return true;
      // What a feature takes from outside its folder it names by alias, so a move of either cannot go unseen.
      return spec.startsWith('.') && target.kind === 'file' && !under(target, own, 'contracts/');
    },
    why: 'a feature never imports another feature or a route, and leaves its folder only by alias (or for contracts/)',
  },
  {
    files: (f) => f.startsWith('src/') && !f.startsWith('src/prerender/'),
    refuses: ({ target }) => under(target, 'src/prerender/'),
    why: 'src/prerender/ runs only in `vite build` (Node): the app never imports it',
  },
  {
    files: (f) => f.startsWith('server/db/'),
    refuses: ({ target }) => target.kind === 'file' && !under(target, 'server/db/'),
    why: 'server/db/ holds the schema, the migrations and the client: it imports no domain, no Frappe surface, no seed',
  },
  {
    files: (f) => f.startsWith('server/frappe/'),
    refuses: ({ target }) => under(target, 'server/modules/', 'server/seed/'),
    why: 'server/frappe/ is the generic Frappe surface: it knows no domain',
  },
];

/** src/boot/ runs before the app on every page as a small chunk of its own: nothing it reaches may bring React or an app layer. */
function bootReach(graph: Import[]): Import[] {
  const byFile = new Map<string, Import[]>();
  for (const imp of graph) byFile.set(imp.from, [...(byFile.get(imp.from) ?? []), imp]);
  const seen = new Set<string>();
  const reached: Import[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of byFile.get(file) ?? []) {
      reached.push(imp);
      if (imp.target.kind === 'file') visit(imp.target.path);
    }
  };
  for (const file of byFile.keys()) if (file.startsWith('src/boot/')) visit(file);
  return reached.filter(
    ({ target }) => (target.kind === 'package' && REACT_PACKAGES.test(target.name)) || under(target, 'src/entities/', 'src/features/', 'src/routes/'),
  );
}

function violations(graph: Import[]): string[] {
  return graph.flatMap((imp) => RULES.filter((rule) => rule.files(imp.from) && rule.refuses(imp)).map((rule) => `${imp.from} imports '${imp.spec}': ${rule.why}`));
}

describe('the layers: what may import what', () => {
  const graph = importGraph();

  it('reads the whole app, service worker, server and contracts, and resolves every local import', () => {
    expect(new Set(graph.map((imp) => imp.from)).size).toBeGreaterThan(400);
    expect(graph.filter((imp) => imp.target.kind === 'missing').map((imp) => `${imp.from}: ${imp.spec}`)).toEqual([]);
  });

  it('no import crosses a layer the wrong way', () => {
    expect(violations(graph)).toEqual([]);
  });

  it('src/boot/ reaches no React and no entity, feature or route', () => {
    expect(bootReach(graph).map((imp) => `${imp.from} imports '${imp.spec}'`)).toEqual([]);
  });

  it('refuses the crossings the rules name (the checker itself)', () => {
    const imp = (from: string, spec: string): Import => ({ from, spec, target: spec.startsWith('.') || spec.startsWith('@/') ? resolve(from, spec) : { kind: 'package', name: spec } });
    const refused = (from: string, spec: string) => violations([imp(from, spec)]).length > 0;
    // A feature reaching into another one, by alias or by a relative path; leaving its folder relatively for lib.
    expect(refused('src/features/checkout/components/checkout-screen.tsx', '@/features/cart/store')).toBe(true);
    expect(refused('src/features/checkout/components/checkout-screen.tsx', '../../cart/store')).toBe(true);
    expect(refused('src/features/checkout/components/checkout-screen.tsx', '../../../lib/error-text')).toBe(true);
    expect(refused('src/features/checkout/components/checkout-screen.tsx', '@/lib/error-text')).toBe(false);
    expect(refused('src/features/back-office/orders/orders-list.tsx', '../kit/back-office.module.css')).toBe(false);
    expect(refused('src/features/back-office/audit/audit-page.tsx', '../../../../contracts/admin')).toBe(false);
    // Layers below reaching up; the app, the worker and the contracts reaching the server or the app.
    expect(refused('src/lib/error-text.ts', '@/entities/member')).toBe(true);
    expect(refused('src/entities/orders/index.ts', '@/components/qr-code')).toBe(true);
    expect(refused('src/routes/__root.tsx', '../../server/app')).toBe(true);
    expect(refused('sw/sw.ts', '../src/lib/outbox')).toBe(true);
    expect(refused('contracts/orders.ts', 'react')).toBe(true);
    expect(refused('server/db/client.ts', '../modules/loyalty/ledger')).toBe(true);
    expect(refused('server/frappe/dispatch.ts', '../modules/index')).toBe(true);
    expect(refused('src/main.tsx', './prerender/render')).toBe(true);
    // And what boot may not reach, however indirectly.
    const viaLib: Import[] = [
      { from: 'src/boot/member-card.ts', spec: '../lib/card-text', target: { kind: 'file', path: 'src/lib/card-text.ts' } },
      { from: 'src/lib/card-text.ts', spec: 'react', target: { kind: 'package', name: 'react' } },
    ];
    expect(bootReach(viaLib)).toHaveLength(1);
  });
});
