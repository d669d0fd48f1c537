import { createFileRoute, Outlet } from '@tanstack/react-router';
import { memberGuard, SignedOutWatch } from '@/features/auth';

/**
 * Every screen of a signed-in member (and of staff or an admin looking at one). A guest is sent to /login with the
 * page kept as ?next=, a member whose phone is not verified to /phonverify, and a member whose session ends while
 * a screen is open to /login. The frame comes from the layout below: _home (brand header and tab bar), _tabs (tab
 * bar), _screen (a screen of its own) or _done (the end of a flow).
 */
export const Route = createFileRoute('/_member')({
  beforeLoad: memberGuard,
  component: MemberLayout,
});

function MemberLayout() {
  return (
    <>
      <SignedOutWatch />
      <Outlet />
    </>
  );
}
