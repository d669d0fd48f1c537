import { createRootRouteWithContext, Outlet, type ErrorComponentProps } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppHeader } from '@/components/app-header';
import { AppShell } from '@/components/app-shell';
import { ErrorView } from '@/components/error-view';
import { NotFoundView } from '@/components/not-found-view';
import { CartPanelMount, HeaderCartButton } from '@/features/cart';
import { runAppLoad, SessionSync, useCurrentUser } from '@/features/auth';
import { MemberCodeSetup } from '@/features/member-id/components/member-code-setup';

export interface RouterContext {
  queryClient: QueryClient;
}

// The ?token= hand-off of a remote Frappe site's sign-in and the stored phoneverify flag: once, before the first render.
runAppLoad();

/**
 * Every screen sits under one of the layout routes, which decide who may open it and draw its frame: _guest,
 * _member, _staff, _admin, _marketing. The root only keeps what lives across all of them.
 */
export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  errorComponent: RootError,
  notFoundComponent: RootNotFound,
});

/** The signed-in member's code secret for this device (its own component: profile updates re-render only it). */
function MemberDevice() {
  const { user, isMember } = useCurrentUser();
  return <MemberCodeSetup customer={isMember && user?.loyalty_program ? user.name : null} />;
}

function Root() {
  return (
    <>
      <Outlet />
      <CartPanelMount />
      <SessionSync />
      <MemberDevice />
    </>
  );
}

/** An address no layout knows, or a failure above every layout: the brand header stays usable. */
function BareShell({ children }: { children: ReactNode }) {
  const { isMember } = useCurrentUser();
  return <AppShell header={<AppHeader actions={isMember ? <HeaderCartButton /> : undefined} />}>{children}</AppShell>;
}

function RootNotFound() {
  return (
    <BareShell>
      <NotFoundView />
    </BareShell>
  );
}

function RootError(props: ErrorComponentProps) {
  return (
    <BareShell>
      <ErrorView {...props} />
    </BareShell>
  );
}
