import { defineCatalog } from '../define';

/** Information pages: consent, collect points, how to redeem, member conditions, terms. */
export const info = defineCatalog({
  th: {
    consentTitle: 'ความยินยอมในการเปิดเผยข้อมูล',
    collectPointsTitle: 'วิธีสะสมคะแนน',
    redeemRewardsTitle: 'วิธีแลกของรางวัล',
    memberConditionsTitle: 'เงื่อนไขการเป็นสมาชิก',
    termsTitle: 'ข้อกำหนดและเงื่อนไข',
    blogTitle: 'โปรโมชั่นเดือนเกิด',
    blogBannerAlt: 'ภาพเค้กวันเกิดพร้อมเทียน',
    notFound: 'ยังไม่มีเนื้อหาสำหรับหน้านี้',
    promoBadge: 'สิทธิพิเศษสมาชิก',
    promoTitle: 'เดือนเกิด ลด 50%',
    promoText: 'รับส่วนลด 50% สำหรับเค้กวันเกิด 1 ปอนด์ ในเดือนเกิดของคุณ',
    promoPeriod: 'ระยะเวลา: ตลอดเดือนเกิดของคุณ ปีละ 1 ครั้ง',
    promoPeriodMonth: 'ระยะเวลา: ตลอดเดือน{month} ปีละ 1 ครั้ง',
    detailHeading: 'รายละเอียด',
  },
  en: {
    consentTitle: 'Data disclosure consent',
    collectPointsTitle: 'How to collect points',
    redeemRewardsTitle: 'How to redeem rewards',
    memberConditionsTitle: 'Member conditions',
    termsTitle: 'Terms and conditions',
    blogTitle: 'Birthday month promotion',
    blogBannerAlt: 'A birthday cake with candles',
    notFound: 'There is no content for this page yet.',
    promoBadge: 'Member privilege',
    promoTitle: 'Birthday month 50% off',
    promoText: 'Get 50% off a 1-pound birthday cake during your birthday month.',
    promoPeriod: 'Period: your whole birthday month, once a year',
    promoPeriodMonth: 'Period: all of {month}, once a year',
    detailHeading: 'Details',
  },
});
