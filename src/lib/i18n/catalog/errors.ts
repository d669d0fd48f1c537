import { defineCatalog } from '../define';

/** Refusals (by the server's error code) and failures of a call, as the member screens say them. */
export const errors = defineCatalog({
  th: {
    notEnoughPoints: 'คะแนนของคุณไม่พอสำหรับรายการนี้',
    pointsMismatch: 'คะแนนของรายการนี้เปลี่ยนไป กรุณาเปิดหน้านี้ใหม่แล้วลองอีกครั้ง',
    itemNotFound: 'ไม่พบรายการนี้แล้ว อาจถูกนำออกไปแล้ว',
    outOfStock: 'รายการนี้หมดชั่วคราว',
    itemNotAvailable: 'รายการนี้ยังไม่เปิดให้แลกหรือสั่งซื้อในขณะนี้',
    branchNotFound: 'ไม่พบสาขานี้แล้ว กรุณาเลือกสาขาอื่น',
    requestAbandoned: 'ยังไม่มีการใช้คะแนนหรือชำระเงิน กรุณาลองอีกครั้ง',
    network: 'เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ กรุณาตรวจสอบอินเทอร์เน็ตแล้วลองอีกครั้ง',
    tooMany: 'ทำรายการหลายครั้งเกินไป กรุณารอสักครู่แล้วลองใหม่',
    signedOut: 'กรุณาเข้าสู่ระบบอีกครั้ง',
    notFound: 'ไม่พบข้อมูลที่ต้องการ',
    server: 'ระบบขัดข้องชั่วคราว กรุณาลองใหม่ภายหลัง',
    generic: 'เกิดข้อผิดพลาด กรุณาลองอีกครั้ง',
  },
  en: {
    notEnoughPoints: "You don't have enough points for this.",
    pointsMismatch: 'The points for this item have changed. Open this page again and retry.',
    itemNotFound: 'This item is no longer available.',
    outOfStock: 'This item is out of stock for now.',
    itemNotAvailable: "This item can't be redeemed or ordered right now.",
    branchNotFound: 'This branch is no longer available. Please choose another branch.',
    requestAbandoned: 'Nothing was spent or charged. Please try again.',
    network: "Couldn't reach the server. Check your internet connection and try again.",
    tooMany: 'Too many attempts. Please wait a moment and try again.',
    signedOut: 'Please sign in again.',
    notFound: "We couldn't find what you were looking for.",
    server: 'Something went wrong on our side. Please try again later.',
    generic: 'Something went wrong. Please try again.',
  },
});
