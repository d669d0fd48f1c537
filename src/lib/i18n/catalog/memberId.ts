import { defineCatalog } from '../define';

/** My ID screen: member QR code and barcode. */
export const memberId = defineCatalog({
  th: {
    title: 'บัตรสมาชิก',
    tabQr: 'QR Code',
    tabBarcode: 'บาร์โค้ด',
    tierLine: 'สมาชิกระดับ {tier}',
    qrAlt: 'QR Code สมาชิก {code}',
    barcodeAlt: 'บาร์โค้ดสมาชิก {code}',
    instruction: 'แสดงรหัสนี้ให้พนักงานสแกนเพื่อสะสมคะแนนหรือใช้สิทธิ์',
    wallet: 'วอลเล็ต',
    coins: 'คะแนน',
    coupon: 'คูปอง',
    loadFailed: 'ยังไม่มีข้อมูลบัตรสมาชิกในเครื่องนี้',
    codeChangesIn: 'รหัสจะเปลี่ยนใน {seconds} วินาที',
    codePreparing: 'กำลังเตรียมรหัสสมาชิก…',
    codeNeedsNetwork: 'เชื่อมต่ออินเทอร์เน็ตหนึ่งครั้งเพื่อรับรหัสสมาชิกบนเครื่องนี้',
  },
  en: {
    title: 'My ID',
    tabQr: 'QR Code',
    tabBarcode: 'Barcode',
    tierLine: '{tier} Member',
    qrAlt: 'Member QR code {code}',
    barcodeAlt: 'Member barcode {code}',
    instruction: 'Show this code to staff to collect points or use privileges.',
    wallet: 'Wallet',
    coins: 'Coins',
    coupon: 'Coupon',
    loadFailed: 'No member card data on this device yet.',
    codeChangesIn: 'The code changes in {seconds} s',
    codePreparing: 'Preparing your member code…',
    codeNeedsNetwork: 'Connect to the internet once to get your member code on this device.',
  },
});
