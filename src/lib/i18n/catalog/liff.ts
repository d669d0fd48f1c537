import { defineCatalog } from '../define';

/** The member card opened inside LINE (/liff). */
export const liff = defineCatalog({
  th: {
    opening: 'กำลังเปิดบัตรสมาชิก…',
    failedTitle: 'เปิดบัตรใน LINE ไม่สำเร็จ',
    failedText: 'ลองอีกครั้ง หรือเข้าสู่ระบบด้วย LINE',
    unavailable: 'เซิร์ฟเวอร์นี้ยังเปิดบัตรสมาชิกใน LINE ไม่ได้ เข้าสู่ระบบด้วย LINE แทนได้',
    offline: 'ต้องต่ออินเทอร์เน็ตเพื่อเปิดบัตรใน LINE',
    retry: 'ลองอีกครั้ง',
    signIn: 'เข้าสู่ระบบด้วย LINE',
    noticeDeclined: 'ต้องยอมรับนโยบายคุ้มครองข้อมูลส่วนบุคคลก่อน จึงจะเปิดบัตรสมาชิกได้',
  },
  en: {
    opening: 'Opening your member card…',
    failedTitle: 'Couldn’t open your card in LINE',
    failedText: 'Try again, or sign in with LINE.',
    unavailable: 'Opening the card inside LINE is not set up on this server. You can sign in with LINE instead.',
    offline: 'You need an internet connection to open your card in LINE',
    retry: 'Try again',
    signIn: 'Sign in with LINE',
    noticeDeclined: 'You need to agree to the privacy notice to open your member card.',
  },
});
