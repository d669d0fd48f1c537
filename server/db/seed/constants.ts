/** Names shared by the demo seeds of several domains. */
export const DEMO_MEMBER = {
  user: 'demo.member@example.com',
  customer: 'CUST-00001',
  lineSub: 'Udemo000000000000000000000000001',
  firstName: 'สมใจ',
  lastName: 'ใจดี',
  phone: '0812345678',
};
export const LOYALTY_PROGRAM = 'Member Rewards';
export const BRANCHES = ['สาขาสยาม', 'สาขาเชียงใหม่'] as const;
