/**
 * Sentences the account methods answer with, in the member's language (users.language: Thai by default).
 * The app shows them as returned ("the server's message").
 */
const MESSAGES = {
  codeSent: { en: 'A verification code has been sent to {phone}.', th: 'ส่งรหัส OTP ไปที่หมายเลข {phone} แล้ว' },
  verified: { en: 'Your phone number has been verified.', th: 'ยืนยันหมายเลขโทรศัพท์เรียบร้อยแล้ว' },
  changed: { en: 'Your phone number has been changed.', th: 'เปลี่ยนหมายเลขโทรศัพท์เรียบร้อยแล้ว' },
  wrongCode: { en: 'Wrong code, please try again', th: 'รหัส OTP ไม่ถูกต้อง กรุณาลองอีกครั้ง' },
  codeGone: {
    en: 'The code has expired or was already used. Please request a new code.',
    th: 'รหัส OTP หมดอายุหรือถูกใช้ไปแล้ว กรุณาขอรหัสใหม่',
  },
  codeLocked: {
    en: 'Too many wrong codes. Please request a new code.',
    th: 'ใส่รหัสผิดหลายครั้งเกินไป กรุณาขอรหัสใหม่',
  },
  phoneUnavailable: {
    en: 'This phone number cannot be used for this account. Please contact staff.',
    th: 'ไม่สามารถใช้หมายเลขโทรศัพท์นี้กับบัญชีนี้ได้ กรุณาติดต่อเจ้าหน้าที่',
  },
  samePhone: { en: 'This is already your phone number.', th: 'หมายเลขนี้เป็นหมายเลขโทรศัพท์ปัจจุบันของคุณอยู่แล้ว' },
  verifyFirst: { en: 'Please verify your phone number first.', th: 'กรุณายืนยันหมายเลขโทรศัพท์ก่อน' },
  resendWait: { en: 'Please wait {seconds} seconds before requesting a new code.', th: 'กรุณารอ {seconds} วินาทีก่อนขอรหัสใหม่' },
  tooMany: { en: 'Too many attempts. Please try again later.', th: 'ทำรายการหลายครั้งเกินไป กรุณาลองใหม่ภายหลัง' },
  smsFailed: { en: 'The code could not be sent. Please try again later.', th: 'ไม่สามารถส่งรหัส OTP ได้ กรุณาลองใหม่ภายหลัง' },
  smsBody: { en: 'Your Member Rewards code is {code}. It is valid for 5 minutes.', th: 'รหัส OTP ของคุณคือ {code} (ใช้ได้ภายใน 5 นาที)' },
  notYourPhone: { en: 'You can only verify the phone number of your own account.', th: 'ยืนยันได้เฉพาะหมายเลขโทรศัพท์ของบัญชีตนเองเท่านั้น' },
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type Lang = 'th' | 'en';

export function langOf(language: string | null | undefined): Lang {
  return language === 'en' ? 'en' : 'th';
}

export function say(lang: Lang, key: MessageKey, vars: Record<string, string | number> = {}): string {
  return MESSAGES[key][lang].replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
}
