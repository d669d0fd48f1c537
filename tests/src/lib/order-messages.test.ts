import { describe, expect, it } from 'vitest';
import { translate } from '@/lib/i18n';
import { orderMessage, orderRefusal } from '@/lib/order-messages';
import { FrappeClientError } from '@/lib/frappe-error';
import { refusalMessage } from '@/features/staff/api';

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

const refusal = (status: number, message: string, extra: Record<string, unknown>) =>
  new FrappeClientError({
    httpStatus: status,
    httpStatusText: '',
    defaultMessage: 'There was an error.',
    body: { exc_type: 'PermissionError', _server_messages: JSON.stringify([JSON.stringify({ message })]), ...extra },
  });

describe('refusals with a machine code', () => {
  it('a member who never verified a phone is told so in their language, whatever the English wording', () => {
    const e = refusal(403, 'Please verify your phone number before redeeming rewards or ordering', { error_code: 'phone_not_verified' });
    expect(orderRefusal(e, th)).toBe('กรุณายืนยันเบอร์โทรศัพท์ก่อนแลกของรางวัลหรือสั่งซื้อ');
    expect(orderRefusal(refusal(403, 'Reworded by the server', { error_code: 'phone_not_verified' }), en)).toBe(
      'Please verify your phone number before redeeming rewards or ordering.',
    );
  });

  it('falls back to the sentence rules without a known code', () => {
    expect(orderRefusal(refusal(417, 'แก้วน้ำ Not in Stock', {}), th)).toBe('แก้วน้ำ หมดชั่วคราว');
  });

  it('the till explains why a member cannot be awarded points yet', () => {
    const e = refusal(403, 'This member has not verified a phone number yet.', { reason: 'phone_not_verified', error_code: 'phone_not_verified' });
    expect(refusalMessage(e, String)).toEqual({ key: 'staff.errPhoneNotVerified' });
  });
});
