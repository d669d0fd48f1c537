import { describe, expect, it } from 'vitest';
import { checkAmount, checkReceipt } from '@/features/staff/award-input';

describe('the award form as typed', () => {
  it.each([
    ['520', 520],
    [' 1250.5 ', 1250.5],
    ['1,250.50', 1250.5],
    ['1000000', 1_000_000],
  ])('amount %j is %d baht', (text, value) => {
    expect(checkAmount(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'staff.amountRequired'],
    ['0', 'staff.amountRequired'],
    ['-50', 'staff.amountNegative'],
    ['−50', 'staff.amountNegative'],
    ['50-', 'staff.amountNegative'],
    ['1,25', 'staff.amountFormat'],
    ['12.345', 'staff.amountFormat'],
    ['๕๐', 'staff.amountFormat'],
    ['50 บาท', 'staff.amountFormat'],
    ['1000000.01', 'staff.amountTooLarge'],
  ])('amount %j is refused (%s), never read as another number', (text, error) => {
    expect(checkAmount(text)).toEqual({ ok: false, error });
  });

  it('a receipt number takes letters A-Z, digits, spaces and - / _ . only', () => {
    expect(checkReceipt(' INV-2026/001_a.b ')).toEqual({ ok: true, value: 'INV-2026/001_a.b' });
    expect(checkReceipt('ใบเสร็จ-12')).toEqual({ ok: false, error: 'staff.receiptChars' });
    expect(checkReceipt('R#1')).toEqual({ ok: false, error: 'staff.receiptChars' });
    expect(checkReceipt('  ')).toEqual({ ok: false, error: 'staff.receiptRequired' });
  });
});
