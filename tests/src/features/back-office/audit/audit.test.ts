import { describe, expect, it } from 'vitest';
import { actionLabel, auditFilters, changesOf, doctypeLabel, roleLabel } from '@/features/back-office/audit/changes';
import { translate, type Lang, type MessageKey, type MessageParams } from '@/lib/i18n';
import { AUDIT_ACTIONS, AUDIT_DOCTYPES, AUDIT_ROLES } from '../../../../../contracts/admin';
import '@/lib/i18n/catalog/all';

const tIn = (lang: Lang) => (key: MessageKey, params?: MessageParams) => translate(lang, key, params);
const th = tIn('th');
const en = tIn('en');
const lines = (before: Record<string, unknown> | undefined, after: Record<string, unknown>, lang: Lang = 'th') =>
  changesOf(before, after, tIn(lang), lang).map((c) => `${c.label}: ${c.before} → ${c.after}`);

describe('the audit log in the manager’s words', () => {
  it('has a Thai and an English sentence for every action, kind of record and role the server writes', () => {
    const missing: string[] = [];
    for (const [list, label] of [[AUDIT_ACTIONS, actionLabel], [AUDIT_DOCTYPES, doctypeLabel], [AUDIT_ROLES, roleLabel]] as const) {
      for (const code of list) {
        // Without words, the label is the code itself (which is English: the Thai must differ) or a message key.
        const [thai, english] = [label(code, th), label(code, en)];
        if (thai === code || thai === english || /^\w+\.\w+$/.test(thai) || /^\w+\.\w+$/.test(english) || !english.trim()) missing.push(code);
      }
    }
    expect(missing).toEqual([]);
  });

  it('says what the issue saw as raw codes in Thai: the rules change, the programme, the Loyalty Manager', () => {
    expect(actionLabel('update_rules', th)).toBe('แก้ไขกฎของโปรแกรม');
    expect(doctypeLabel('Loyalty Program', th)).toBe('โปรแกรมสะสมคะแนน');
    expect(roleLabel('Loyalty Manager', th)).toBe('ผู้จัดการโปรแกรมสะสมคะแนน');
    expect(roleLabel('Job', en)).toBe('Scheduled job');
  });

  it('lists only the fields that changed, by their label, with yes/no and numbers in the manager’s language', () => {
    expect(lines({ stock_qty: 1000, item_name: 'Mug', published: true }, { stock_qty: 0, item_name: 'Mug', published: false })).toEqual([
      'จำนวนคงเหลือ: 1,000 → 0',
      'เผยแพร่: ใช่ → ไม่',
    ]);
    expect(lines({ enabled: true }, { enabled: false }, 'en')).toEqual(['Account enabled: Yes → No']);
  });

  it('shows a created record as nothing before, and a missing value as a dash', () => {
    expect(lines(undefined, { branch: 'สาขาสยาม', phone: null, roles: ['Store Staff'] })).toEqual(['สาขา: – → สาขาสยาม', 'บทบาท: – → พนักงานหน้าร้าน']);
  });

  it('shows a rules change field by field: a tier’s threshold by the tier’s name, the day it applies in the Buddhist era, never JSON', () => {
    const silver = { name: 'Silver', threshold: 0, multiplier: 1, colour: '#c0c0c0' };
    const before = { tiers: [silver, { name: 'Gold', threshold: 500, multiplier: 1.5, colour: '#d4af37' }], expiry: { policy: 'days', days: 365 }, version: 3 };
    const after = {
      tiers: [silver, { name: 'Gold', threshold: 600, multiplier: 1.5, colour: '#d4af37' }, { name: 'Platinum', threshold: 2000, multiplier: 2, colour: '#e5e4e2' }],
      expiry: { policy: 'end_of_month', months: 12 },
      version: 4,
      effective_from: '2026-12-01',
      rounding: 'nearest',
    };
    const shown = lines(before, after);
    expect(shown).toEqual([
      'ระดับสมาชิก › Gold › คะแนนขั้นต่ำ: 500 → 600',
      'ระดับสมาชิก: – → ชื่อ Platinum · คะแนนขั้นต่ำ 2,000 · ตัวคูณคะแนน 2 · สี #e5e4e2',
      'การหมดอายุของคะแนน: หลังได้รับ 365 วัน → สิ้นเดือน หลังได้รับ 12 เดือน',
      'ฉบับ: 3 → 4',
      'มีผลตั้งแต่วันที่: – → 1 ธ.ค. 2569',
      'การปัดเศษ: – → ปัดใกล้สุด',
    ]);
    expect(shown.join('\n')).not.toMatch(/[{}[\]"]/);
  });

  it('summarises long lists and lists of records, and rich text as its words', () => {
    const batches = ['LPE-1', 'LPE-2', 'LPE-3', 'LPE-4', 'LPE-5', 'LPE-6', 'LPE-7', 'LPE-8'];
    expect(lines(undefined, { batches })).toEqual(['ชุดคะแนน: – → LPE-1, LPE-2, LPE-3, LPE-4, LPE-5 และอีก 3 รายการ']);
    expect(lines({ delivery_notes: [{ name: 'MAT-DN-1', status: 'Draft' }] }, { delivery_notes: [{ name: 'MAT-DN-1', status: 'Submitted' }] })).toEqual([
      'ใบรับของ › MAT-DN-1 › สถานะ: ยังไม่ได้รับของ → รับของแล้ว',
    ]);
    expect(lines(undefined, { description: '<p>แก้วเซรามิก <b>สีขาว</b></p>' })).toEqual(['รายละเอียด: – → แก้วเซรามิก สีขาว']);
    expect(lines(undefined, { filters: { from_date: '2026-01-01', branch: 'สาขาสยาม' } }, 'en')).toEqual(['Filters: – → From 1 Jan 2026 · Branch สาขาสยาม']);
  });

  it('filters who by part of the address, what and the kind of record exactly, and when by whole days', () => {
    expect(auditFilters('loyalty', 'update_rules', 'Item', '2026-01-01', '2026-01-31')).toEqual([
      ['user', 'like', '%loyalty%'],
      ['action', '=', 'update_rules'],
      ['ref_doctype', '=', 'Item'],
      ['creation', '>=', '2026-01-01 00:00:00'],
      ['creation', '<=', '2026-01-31 23:59:59'],
    ]);
  });
});
