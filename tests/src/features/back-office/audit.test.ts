import { describe, expect, it } from 'vitest';
import { auditFilters, changesOf } from '@/features/back-office/audit/changes';

describe('the audit log, readably', () => {
  it('lists only the fields that changed, each side as text', () => {
    expect(changesOf({ stock_qty: 1, item_name: 'Mug', published: true }, { stock_qty: 0, item_name: 'Mug', published: false })).toEqual([
      { field: 'stock_qty', before: '1', after: '0' },
      { field: 'published', before: 'true', after: 'false' },
    ]);
  });

  it('shows a created record as nothing before, and a missing value as a dash', () => {
    expect(changesOf(undefined, { branch: 'สาขาสยาม', phone: null })).toEqual([{ field: 'branch', before: '–', after: 'สาขาสยาม' }]);
  });

  it('filters who and what by part of the text and when by whole days', () => {
    expect(auditFilters('loyalty', '', 'Item', '2026-01-01', '2026-01-31')).toEqual([
      ['user', 'like', '%loyalty%'],
      ['ref_doctype', '=', 'Item'],
      ['creation', '>=', '2026-01-01 00:00:00'],
      ['creation', '<=', '2026-01-31 23:59:59'],
    ]);
  });
});
