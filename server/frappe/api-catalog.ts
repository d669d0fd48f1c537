// The API as contracts/ declares it: every method and doctype contract where it is defined, with the comment above
// it and the comment that opens its file. docs/api.md (scripts/api-doc.ts) and the OpenAPI document
// (server/frappe/openapi.ts) are both written from this one walk.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDoctypeContract, isMethodContract, isRawMethodContract, type DoctypeContract, type MethodContract, type RawMethodContract } from '../../contracts/contract';

export const CONTRACTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../contracts');

export interface Declared<C> {
  /** The exported constant (`INTEGRATION_EARN`). */
  name: string;
  /** `contracts/integration.ts`. */
  file: string;
  contract: C;
  /** The comment right above the constant, as plain lines ('' when there is none). */
  comment: string;
}

export interface ContractCatalog {
  methods: Declared<MethodContract | RawMethodContract>[];
  doctypes: Declared<DoctypeContract>[];
  /** What each file is about: its opening comment (the first one not attached to a declaration), by file. */
  areas: Map<string, string>;
}

/** A `/** … *\/` block as plain lines. */
const plain = (block: string) =>
  block
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trimEnd())
    .join('\n')
    .trim();

/** The comment on the lines right above `export const NAME`, as plain lines. */
function commentAbove(source: string, name: string): string {
  const at = source.search(new RegExp(`^export const ${name}\\b`, 'm'));
  if (at < 0) return '';
  const before = source.slice(0, at);
  if (!before.endsWith('*/\n')) return '';
  const start = before.lastIndexOf('/**');
  if (start < 0) return '';
  return plain(before.slice(start + 3, -3));
}

/** The file's opening comment: the first `/** … *\/` followed by a blank line (a declaration's own has none). */
function fileComment(source: string): string {
  const match = /^\/\*\*([\s\S]*?)\*\/\n\n/m.exec(source);
  return match ? plain(match[1]!) : '';
}

let catalog: Promise<ContractCatalog> | undefined;

/** Every contract where it is defined (`export const NAME = methodContract(…` in that file), in the files' order. Read once. */
export function contractCatalog(): Promise<ContractCatalog> {
  catalog ??= (async () => {
    const methods: ContractCatalog['methods'] = [];
    const doctypes: ContractCatalog['doctypes'] = [];
    const areas = new Map<string, string>();
    for (const file of fs.readdirSync(CONTRACTS_DIR).filter((f) => f.endsWith('.ts')).sort()) {
      const source = fs.readFileSync(path.join(CONTRACTS_DIR, file), 'utf8');
      const defined = [...source.matchAll(/^export const (\w+) = (methodContract|rawMethodContract|doctypeContract)\(/gm)].map((m) => m[1]!);
      if (defined.length === 0) continue;
      const module = (await import(path.join(CONTRACTS_DIR, file))) as Record<string, unknown>;
      const where = `contracts/${file}`;
      areas.set(where, fileComment(source));
      for (const name of defined) {
        const contract = module[name];
        const entry = { name, file: where, comment: commentAbove(source, name) };
        if (isMethodContract(contract) || isRawMethodContract(contract)) methods.push({ ...entry, contract });
        else if (isDoctypeContract(contract)) doctypes.push({ ...entry, contract });
      }
    }
    return { methods, doctypes, areas };
  })();
  return catalog;
}
