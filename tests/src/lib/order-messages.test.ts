import { describe, expect, it } from 'vitest';
import { translate } from '@/lib/i18n';
import { orderMessage } from '@/lib/order-messages';

const th = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('th', key, params);
const en = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('en', key, params);

describe("the server's order refusals", () => {
  it('are said in Thai, with the branch or item they name', () => {
    expect(orderMessage("You don't have enough Loyalty Points to redeem", th)).toBe('คะแนนของคุณไม่พอสำหรับรายการนี้');
    expect(orderMessage('Branch สาขาสยาม not found', th)).toBe('ไม่พบสาขาสยาม กรุณาเลือกสาขาอื่น');
    expect(orderMessage('แก้วน้ำ Not in Stock', th)).toBe('แก้วน้ำ หมดชั่วคราว');
  });

  it('keep the server wording in English, and pass unknown messages through', () => {
    expect(orderMessage("You don't have enough Loyalty Points to redeem", en)).toBe("You don't have enough Loyalty Points to redeem");
    expect(orderMessage('Something else went wrong', th)).toBe('Something else went wrong');
  });
});
