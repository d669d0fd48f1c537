// Writes docs/api.md, the API reference, from contracts/ (each method's and doctype's arguments, answer and the
// comment above its contract) and the server's declarations of them (verbs, who may call, who may read and write).
// `npx tsx scripts/api-doc.ts` rewrites it; tests/docs/api-doc.test.ts fails while the file differs from what this
// writes, so the reference cannot drift from the code.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as v from 'valibot';
import { isDoctypeContract, isMethodContract, isRawMethodContract, type DoctypeContract, type MethodContract, type RawMethodContract } from '../contracts/contract';
import type { Allow } from '../server/frappe/context';
import type { Perm } from '../server/frappe/doctypes';
import { registries } from '../server/app';
import { allModules } from '../server/modules';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const API_DOC = path.join(ROOT, 'docs/api.md');

type AnySchema = v.GenericSchema & { type: string; [key: string]: unknown };

/** A schema as a short type: `{name, title?, items: [{…}]}`, `'a' | 'b'`, `string | null`. */
function shape(schema: AnySchema, depth = 0): string {
  const inner = (s: unknown) => shape(s as AnySchema, depth + 1);
  switch (schema.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object':
    case 'object_with_rest': {
      if (depth >= 2) return '{…}';
      const entries = Object.entries(schema.entries as Record<string, AnySchema>);
      if (entries.length === 0) return '{}';
      return `{${entries.map(([key, value]) => `${key}${isOptional(value) ? '?' : ''}${depth >= 1 ? '' : `: ${shape(value, depth + 1)}`}`).join(', ')}}`;
    }
    case 'array':
      return `[${inner(schema.item)}]`;
    case 'record':
      return `{[${inner(schema.key)}]: ${inner(schema.value)}}`;
    case 'union':
    case 'variant':
      return (schema.options as AnySchema[]).map((o) => shape(o, depth)).join(' | ');
    case 'picklist':
      return (schema.options as unknown[]).map((o) => JSON.stringify(o)).join(' | ');
    case 'literal':
      return JSON.stringify(schema.literal);
    case 'nullable':
    case 'nullish':
      return `${shape(schema.wrapped as AnySchema, depth)} | null`;
    case 'optional':
    case 'exact_optional':
    case 'undefinedable':
      return shape(schema.wrapped as AnySchema, depth);
    case 'custom':
    case 'any':
      return 'unknown';
    default:
      return schema.type;
  }
}

// A piped schema keeps its first schema's type (`v.pipe(v.optional(…), …)` is an optional).
const isOptional = (s: AnySchema): boolean => ['optional', 'exact_optional', 'nullish', 'undefinedable'].includes(s.type);

/** The arguments by name (`?` when they may be left out), or the shape of a schema that is not an object. */
function argsOf(schema: AnySchema): string {
  if (!('entries' in schema)) return shape(schema);
  const names = Object.entries(schema.entries as Record<string, AnySchema>).map(([k, s]) => `${k}${isOptional(s) ? '?' : ''}`);
  return names.length ? names.join(', ') : 'none';
}

function who(allow: readonly Allow[] | undefined): string {
  if (!allow) return 'nobody';
  if (allow.includes('Guest')) return 'anyone';
  if (allow.includes('All')) return 'signed in';
  return allow.filter((r) => r !== 'System Manager').join(', ') || 'System Manager';
}

/** The comment on the lines right above `export const NAME`, as plain lines. */
function commentAbove(source: string, name: string): string {
  const at = source.search(new RegExp(`^export const ${name}\\b`, 'm'));
  if (at < 0) return '';
  const before = source.slice(0, at);
  if (!before.endsWith('*/\n')) return '';
  const start = before.lastIndexOf('/**');
  if (start < 0) return '';
  return before
    .slice(start + 3, -3)
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trimEnd())
    .join('\n')
    .trim();
}

interface Declared<C> {
  name: string;
  file: string;
  contract: C;
  comment: string;
}

/** Every contract where it is defined (`export const NAME = methodContract(…` in that file), in the file's order. */
async function contractsOf() {
  const methods: Declared<MethodContract | RawMethodContract>[] = [];
  const doctypes: Declared<DoctypeContract>[] = [];
  for (const file of fs.readdirSync(path.join(ROOT, 'contracts')).sort()) {
    const source = fs.readFileSync(path.join(ROOT, 'contracts', file), 'utf8');
    const module = (await import(path.join(ROOT, 'contracts', file))) as Record<string, unknown>;
    const defined = [...source.matchAll(/^export const (\w+) = (methodContract|rawMethodContract|doctypeContract)\(/gm)].map((m) => m[1]!);
    for (const name of defined) {
      const contract = module[name];
      const entry = { name, file: `contracts/${file}`, comment: commentAbove(source, name) };
      if (isMethodContract(contract) || isRawMethodContract(contract)) methods.push({ ...entry, contract });
      else if (isDoctypeContract(contract)) doctypes.push({ ...entry, contract });
    }
  }
  return { methods, doctypes };
}

const code = (s: string) => `\`${s}\``;

/** An answer's shape: with its types when short, else its top-level fields alone. */
const answerShape = (schema: AnySchema) => {
  if (schema.type === 'undefined') return '{}';
  const full = shape(schema);
  return full.length <= 200 ? full : shape(schema, 1);
};

/** Markdown lines kept under 120 characters, broken between words. */
function wrap(text: string, width = 118): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

export async function renderApiDoc(): Promise<string> {
  const { methods: served, doctypes: resources } = registries(allModules);
  const { methods, doctypes } = await contractsOf();
  const out: string[] = [
    '# API reference',
    '',
    '<!-- Generated by scripts/api-doc.ts from contracts/ and the server\'s declarations: do not edit by hand. -->',
    '',
    'Every method the server serves and every doctype it exposes, by the contract that declares it (`contracts/`).',
    'How calls, answers, errors, sessions and idempotency work, and the routes that are not methods (uploads, the',
    'development LINE pages, realtime): [api-conventions.md](api-conventions.md). "Who" names the roles a method',
    'lets in; a System Manager passes every role check, and a method may narrow further what a caller sees (said',
    'below it).',
    '',
  ];

  let currentFile = '';
  for (const { name, file, contract, comment } of methods) {
    const def = served.get(contract.path);
    if (file !== currentFile) {
      out.push(`## ${file}`, '');
      currentFile = file;
    }
    out.push(`### ${code(contract.path)}`, '');
    const facts = [
      `${def ? def.verbs.join(' · ') : 'not served'}`,
      `who: ${def ? (def.scope ? `API clients with the scope ${def.scope}` : who(def.allow)) : '—'}`,
      `arguments: ${argsOf(contract.args as AnySchema)}`,
      'raw' in contract ? 'answer: its own reply (not JSON in `message`)' : `answer: ${code(answerShape(contract.returns as AnySchema))}`,
    ];
    out.push(...wrap(`${facts.join(' — ')} (${code(name)})`), '');
    if (comment) out.push(comment, '');
  }

  out.push('## Doctypes', '', 'Over `/api/resource/<Doctype>[/<name>]`; only the fields listed reach SQL.', '');
  const seen = new Set<string>();
  for (const { file, contract } of doctypes) {
    if (seen.has(contract.doctype)) continue;
    seen.add(contract.doctype);
    const dt = resources.get(contract.doctype);
    const comments = doctypes.filter((d) => d.contract.doctype === contract.doctype && d.comment).map((d) => d.comment);
    const verb = (label: string, perm: Perm | undefined) => `${label}: ${perm ? who(perm.allow) : 'nobody'}`;
    out.push(`### ${contract.doctype}`, '');
    out.push(...wrap(`${dt ? [verb('read', dt.read), verb('create', dt.create), verb('update', dt.update), verb('delete', dt.delete)].join(' — ') : 'not served'} (${code(file)})`), '');
    out.push(...wrap(`Fields: ${contract.fields.map(code).join(', ')}.`), '');
    for (const c of comments) out.push(c, '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(path.dirname(API_DOC), { recursive: true });
  fs.writeFileSync(API_DOC, await renderApiDoc());
  console.log(`wrote ${path.relative(ROOT, API_DOC)}`);
}
