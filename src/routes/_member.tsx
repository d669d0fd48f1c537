import { createFileRoute, Outlet } from '@tanstack/react-router';
import { memberGuard, PrivacyGate, SignedOutWatch } from '@/features/auth';

// Signing out from the privacy notice: this device stops receiving the member's notifications first (their own chunk).
const forgetThisDevice = () => import('@/features/notifications').then((m) => m.forgetThisDevice());

/**
 * Every screen of a signed-in member (and of staff or an admin looking at one). A guest is sent to /login with the
 * page kept as ?next=, a member whose phone is not verified to /phonverify, and a member whose session ends while
 * a screen is open to /login; a member who has not agreed to the current privacy notice is asked to before any
 * screen. The frame comes from the layout below: _home (brand header and tab bar), _tabs (tab bar), _screen (a
 * screen of its own) or _done (the end of a flow).
 */
export const Route = createFileRoute('/_member')({
  beforeLoad: memberGuard,
  component: MemberLayout,
});

function MemberLayout() {
  return (
    <>
      <SignedOutWatch />
      <PrivacyGate beforeSignOut={forgetThisDevice}>
        <Outlet />
      </PrivacyGate>
    </>
  );
}
