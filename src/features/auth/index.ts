/** Sign-in and the session: LINE login, phone verification, staff sign-in, the current user, logout. */
export {
  authKeys,
  bootQuery,
  profileQuery,
  tierQuery,
  authorizeUrlQuery,
  refreshUser,
  isSignedIn,
  isMember,
  GUEST_BOOT,
  type BootInfo,
  type Profile,
  type Tier,
} from './api';
export { useCurrentUser, mergeUser, type CurrentUser, type SessionState } from './session';
export { homeFor, leaveSignIn, leaveStaffSignIn, leaveVerification, memberGuard, needsPhoneVerification, nextFrom, runAppLoad, visitorGuard } from './guard';
export { getPhoneVerifyFlag, setPhoneVerifyFlag, getUsername } from '@/lib/auth-storage';
export { LoginScreen } from './components/login-screen';
export { WelcomeScreen } from './components/welcome-screen';
export { SignupScreen } from './components/signup-screen';
export { PhoneVerify, type PhoneFlowMode } from './components/phone-verify';
export { ChangePhoneDialog } from './components/change-phone';
export { StaffLogin } from './components/staff-login';
export { ForgotPassword, UpdatePassword, type ResetFrom } from './components/password-reset';
export { LogoutButton } from './components/logout-button';
export { SessionSync, SignedOutWatch } from './components/session-sync';
export { PrivacyGate } from './components/privacy-gate';
