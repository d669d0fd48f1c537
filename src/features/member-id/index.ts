export { memberCode, type MemberCodeSource } from './member-code';
export { useMemberCode, type RotatingCode } from './rotating-code';
export { memberCodeDeviceQuery } from '@/entities/member/member-code';
export { MemberIdCard, type MemberIdCardProps } from './components/member-id-card';
export { loyaltyProgramQuery, walletBaht, type LoyaltyProgram } from './api';
