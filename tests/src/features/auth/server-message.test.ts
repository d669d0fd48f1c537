import { describe, expect, it } from 'vitest';
import { serverMessageOf } from '@/features/auth/server-message';
import { DEFAULT_MESSAGES, FrappeClientError } from '@/lib/frappe';
import { translate } from '@/lib/i18n';

const th = (key: Parameters<typeof translate>[1]) => translate('th', key);
const refused = (message: string, code?: string) =>
  new FrappeClientError({
    httpStatus: 417,
    httpStatusText: '',
    body: { exc_type: 'ValidationError', _server_messages: JSON.stringify([JSON.stringify({ message })]), ...(code ? { error_code: code } : {}) },
    defaultMessage: DEFAULT_MESSAGES.call,
  });

describe('phone verification refusals', () => {
  it("say the shared phone rules in the member's language, not the server's English", () => {
    expect(serverMessageOf(refused('This phone number is invalid', 'phone_invalid'), th)).toBe('เบอร์โทรศัพท์นี้ไม่ถูกต้อง');
    expect(serverMessageOf(refused('Please Enter OTP', 'otp_required'), th)).toBe('กรุณากรอกรหัส OTP');
    expect(serverMessageOf(refused('Reworded by the server', 'otp_wrong'), th)).toBe('รหัสไม่ถูกต้อง กรุณาลองอีกครั้ง');
  });

  it("show the server's own sentences as returned (it writes them in the language on screen), and nothing for no answer", () => {
    expect(serverMessageOf(refused('ใส่รหัสผิดหลายครั้งเกินไป กรุณาขอรหัสใหม่'), th)).toBe('ใส่รหัสผิดหลายครั้งเกินไป กรุณาขอรหัสใหม่');
    expect(serverMessageOf(new FrappeClientError({ httpStatus: 0, httpStatusText: '', body: {}, defaultMessage: DEFAULT_MESSAGES.call }), th)).toBeNull();
  });
});
