import { DEMO_LINE_SUB } from '../modules/account/dev-identity';

/** Names shared by the demo seeds of several domains. */
export const DEMO_MEMBER = {
  user: 'demo.member@example.com',
  customer: 'CUST-00001',
  lineSub: DEMO_LINE_SUB,
  firstName: 'สมใจ',
  lastName: 'ใจดี',
  phone: '0812345678',
};
export const LOYALTY_PROGRAM = 'Member Rewards';
export const BRANCHES = ['สาขาสยาม', 'สาขาเชียงใหม่'] as const;
