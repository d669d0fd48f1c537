import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOC, renderApiDoc } from '../../scripts/api-doc';

describe('docs/api.md', () => {
  it('is what scripts/api-doc.ts writes from contracts/ and the server today (run `npx tsx scripts/api-doc.ts`)', async () => {
    const written = fs.readFileSync(API_DOC, 'utf8');
    const now = await renderApiDoc();
    // The first differing line says what drifted; the whole comparison follows it.
    const [a, b] = [written.split('\n'), now.split('\n')];
    const at = a.findIndex((line, i) => line !== b[i]);
    expect(at === -1 ? null : { line: at + 1, file: a[at], now: b[at] }).toBeNull();
    expect(written).toBe(now);
  });
});
