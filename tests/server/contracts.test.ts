import fs from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isDoctypeContract, isMethodContract, isRawMethodContract, type DoctypeContract, type MethodContract, type RawMethodContract } from '../../contracts/contract';
import { registries } from '../../server/app';
import { describeIssues } from '../../server/frappe/methods';
import { allModules } from '../../server/modules';

/**
 * The app reaches the server only through contracts (src/lib/api.ts needs one for every call), and each method
 * contract it uses is the very one the server declares: its arguments and its answer (`returns`, which every
 * server test checks answers against). A method the app calls without an answer schema fails here.
 */

const ROOT = path.resolve(__dirname, '../..');
// What the server serves: the registry buildApp registers its routes from.
const { methods, doctypes } = registries(allModules);

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full);
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.gen.ts') ? [full] : [];
  });
}
const appFiles = filesUnder(path.join(ROOT, 'src'));
const rel = (file: string) => path.relative(ROOT, file);

/** Every contract named by an import (or re-export) in the app, by the contract module it comes from. */
async function contractsTheAppUses(): Promise<{ methods: Map<MethodContract, string[]>; doctypes: Map<DoctypeContract, string[]> }> {
  const found = { methods: new Map<MethodContract, string[]>(), doctypes: new Map<DoctypeContract, string[]>() };
  const importRe = /(?:import|export)\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'((?:\.\.\/)+contracts\/[\w-]+)'/g;
  for (const file of appFiles) {
    for (const [, names, from] of fs.readFileSync(file, 'utf8').matchAll(importRe)) {
      const module = (await import(path.resolve(path.dirname(file), `${from}.ts`))) as Record<string, unknown>;
      for (const spec of names!.split(',')) {
        const name = spec.replace(/^\s*type\s+/, '').split(/\s+as\s+/)[0]!.trim();
        const value = module[name];
        if (isMethodContract(value)) found.methods.set(value, [...(found.methods.get(value) ?? []), rel(file)]);
        if (isDoctypeContract(value)) found.doctypes.set(value, [...(found.doctypes.get(value) ?? []), rel(file)]);
      }
    }
  }
  return found;
}

/** Every method and doctype contract of contracts/, with where it is declared. */
async function allContracts() {
  const found = { methods: [] as { name: string; contract: MethodContract | RawMethodContract }[], doctypes: [] as { name: string; contract: DoctypeContract }[] };
  for (const file of fs.readdirSync(path.join(ROOT, 'contracts'))) {
    const module = (await import(path.join(ROOT, 'contracts', file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (isMethodContract(value) || isRawMethodContract(value)) found.methods.push({ name: `${file} ${name}`, contract: value });
      if (isDoctypeContract(value)) found.doctypes.push({ name: `${file} ${name}`, contract: value });
    }
  }
  return found;
}

describe('every method declares its answer', () => {
  it('each method the server serves has an answer schema, or is declared raw (it writes its own reply)', () => {
    expect(methods.size).toBeGreaterThan(70);
    const undeclared = [...methods.values()].filter((def) => !def.returns && def.raw !== true).map((def) => def.path);
    expect(undeclared).toEqual([]);
  });

  it('each method is declared from its contract in contracts/: the same arguments, and the same answer schema or raw', async () => {
    const { methods: contracts } = await allContracts();
    const problems: string[] = [];
    for (const def of methods.values()) {
      const contract = contracts.find((c) => c.contract.path === def.path)?.contract;
      if (!contract) problems.push(`${def.path}: no contract in contracts/`);
      else if (contract.args !== def.args) problems.push(`${def.path}: other arguments than its contract's`);
      else if ('returns' in contract ? contract.returns !== def.returns : def.raw !== true) problems.push(`${def.path}: another answer than its contract's`);
    }
    expect(problems).toEqual([]);
  });

  it("each doctype the server serves exposes exactly its contract's fields", async () => {
    const { doctypes: contracts } = await allContracts();
    const problems: string[] = [];
    for (const dt of doctypes.values()) {
      const own = contracts.filter((c) => c.contract.doctype === dt.doctype);
      if (own.length === 0) problems.push(`${dt.doctype}: no contract in contracts/`);
      for (const { name, contract } of own) if (contract.fields !== dt.fields) problems.push(`${dt.doctype}: other fields than ${name}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('contracts of the calls the app makes', () => {
  it('every method the app calls is declared on the server with the same arguments and answer schema', async () => {
    const used = await contractsTheAppUses();
    expect(used.methods.size).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const [contract, files] of used.methods) {
      const def = methods.get(contract.path);
      if (!def) problems.push(`${contract.path} (used in ${files[0]}) is not a server method`);
      else if (!def.returns) problems.push(`${contract.path} declares no answer schema (returns)`);
      else if (def.returns !== contract.returns) problems.push(`${contract.path} answers with another schema than its contract's`);
      else if (def.args !== contract.args) problems.push(`${contract.path} takes other arguments than its contract's`);
    }
    expect(problems).toEqual([]);
  });

  it('every doctype the app reads or writes is one the server has', async () => {
    const used = await contractsTheAppUses();
    expect([...used.doctypes.keys()].map((c) => c.doctype).filter((d) => !doctypes.has(d))).toEqual([]);
  });

  it('every method contract (the back office\'s too) is the server\'s declaration', async () => {
    const problems: string[] = [];
    for (const file of fs.readdirSync(path.join(ROOT, 'contracts'))) {
      const module = (await import(path.join(ROOT, 'contracts', file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        if (!isMethodContract(value)) continue;
        const def = methods.get(value.path);
        if (def?.returns !== value.returns || def.args !== value.args) problems.push(`${file} ${name} (${value.path})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("the app never reads a refusal's English sentence to know what it was: it has the code", () => {
    const readers = appFiles.filter((file) => /contracts\/rule-sentences|\b(ADDRESS|PROFILE|PHONE|PASSWORD|SIGN_UP)_MESSAGES\b|(error|failure)\.message === /.test(fs.readFileSync(file, 'utf8')));
    expect(readers.map(rel)).toEqual([]);
  });

  it('the app calls no method or doctype by a bare name, only through its contract', () => {
    const bare: string[] = [];
    const direct = /\bfrappe\.(call|getDoc|getList|createDoc|updateDoc|deleteDoc|getCount|uploadFile)\(/;
    const methodName = /['"`][a-z_]+(\.[a-z_0-9]+){2,}['"`]/;
    for (const file of appFiles) {
      const name = rel(file);
      if (name.startsWith('src/lib/i18n/')) continue;
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\*|\/\/|\/\*)/.test(line)) return;
          // The Frappe client itself (Frappe's own methods, answers checked by the schemas of contracts/frappe.ts),
          // the contract-bound helpers and the outbox's replay of a stored (contract) write.
          if (name === 'src/lib/frappe.ts') return;
          const client = name === 'src/lib/api.ts' || name === 'src/lib/outbox-replay.ts';
          if ((!client && direct.test(line)) || methodName.test(line)) bare.push(`${name}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(bare).toEqual([]);
  });
});

/**
 * A piece of an argument schema that lets a value through without a schema reading it (a `v.custom` that only
 * types), by where it sits in the arguments; a piece of a pipe is read when a schema later in the pipe parses it.
 */
type SchemaNode = { kind?: string; type?: string; pipe?: SchemaNode[]; entries?: Record<string, SchemaNode>; options?: SchemaNode[]; wrapped?: SchemaNode; item?: SchemaNode; rest?: SchemaNode };
function unparsedPieces(node: SchemaNode, at: string): string[] {
  if (node.pipe) {
    return node.pipe.flatMap((item, i) => {
      if (item.kind !== 'schema' || node.pipe!.slice(i + 1).some((later) => later.kind === 'schema')) return [];
      return item.type === 'custom' ? [at] : insideOf(item, at);
    });
  }
  return node.type === 'custom' ? [at] : insideOf(node, at);
}
function insideOf(node: SchemaNode, at: string): string[] {
  return [
    ...Object.entries(node.entries ?? {}).flatMap(([key, entry]) => unparsedPieces(entry, `${at}.${key}`)),
    ...(node.options ?? []).flatMap((option) => unparsedPieces(option, at)),
    ...(node.wrapped ? unparsedPieces(node.wrapped, at) : []),
    ...(node.item ? unparsedPieces(node.item, `${at}[]`) : []),
    ...(node.rest ? unparsedPieces(node.rest, `${at}.*`) : []),
  ];
}

describe('every method is handed its arguments as its contract parsed them', () => {
  it('no argument of any method reaches its handler unparsed (a service never reads raw input)', () => {
    const unparsed = [...methods].flatMap(([path, def]) => unparsedPieces(def.args as SchemaNode, path));
    expect(unparsed).toEqual([]);
  });

  it("place_order's handler gets the form's payload parsed: unknown keys dropped, numbers read, lines merged", () => {
    const payload = {
      loyalty_points: '15',
      items: [{ item_code: ' GIFT-TOTE ', qty: '1', rate: 0 }, { item_code: 'GIFT-TOTE', qty: 2 }],
      payment_method: 'bank-transfer',
      branch: 'สาขาสยาม',
      owner: 'Administrator',
      status: 'Paid',
    };
    expect(v.parse(methods.get('headless_e_commerce.api.place_order')!.args, payload)).toEqual({
      kind: 'redemption',
      loyalty_points: 15,
      items: [{ item_code: 'GIFT-TOTE', qty: 3 }],
      payment_method: 'bank-transfer',
      branch: 'สาขาสยาม',
    });
  });

  it('a wrongly typed place_order payload is refused by its contract, with the sentence of its first wrong field', () => {
    const parsed = v.safeParse(methods.get('headless_e_commerce.api.place_order')!.args, {
      billing_address: 'ADDR-1',
      loyalty_points: 'many',
      items: [{ item_code: 'TEE-GREEN', qty: 'two' }],
      payment_method: 'bank-transfer',
    });
    expect(parsed.success).toBe(false);
    expect(describeIssues(parsed.issues!)).toBe('Loyalty points must be a number');
  });
});
