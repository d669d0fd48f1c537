import { createRootRouteWithContext, Outlet, useLocation, useMatches } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppFooter, AppHeader } from '@/components/app-header';
import { BOTTOM_NAV_PATHS, BottomNav } from '@/components/bottom-nav';
import { ErrorView } from '@/components/error-view';
import { NotFoundView } from '@/components/not-found-view';
import { OfflineBanner } from '@/components/offline-state';
import { UpdatePrompt } from '@/components/update-prompt';
import { CartPanelMount, HeaderCartButton } from '@/features/cart';
import { authGuard, classifyPath, runAppLoad, SessionSync, useCurrentUser } from '@/features/auth';
import { MemberCodeSetup } from '@/features/member-id/components/member-code-setup';
import { useT } from '@/lib/i18n';
import classes from '@/components/app-shell.module.css';

export interface RouterContext {
  queryClient: QueryClient;
}

// Spec §4 app load (?token= hand-off, stored phoneverify flag): once, before the first render.
runAppLoad();

export const Route = createRootRouteWithContext<RouterContext>()({
  // Route guards and the profile refetch on every location change (src/features/auth/guard.ts).
  beforeLoad: authGuard,
  component: RootLayout,
  errorComponent: ErrorView,
  notFoundComponent: NotFoundView,
});

/** The deepest matched route's value for a shell flag, if any route sets it. */
function useShellFlag(flag: 'bottomNav' | 'appHeader'): boolean | undefined {
  return useMatches({
    select: (matches) => {
      for (let i = matches.length - 1; i >= 0; i--) {
        const value = matches[i]?.staticData?.[flag];
        if (value !== undefined) return value;
      }
      return undefined;
    },
  });
}

/** The tab a screen marks as current when it is not a tab itself (staticData.bottomNavTab). */
function useNavTab(): string | undefined {
  return useMatches({ select: (matches) => matches.findLast((m) => m.staticData?.bottomNavTab)?.staticData?.bottomNavTab });
}

/** The signed-in member's code secret for this device (its own component: profile updates re-render only it). */
function MemberDevice() {
  const { user, isMember } = useCurrentUser();
  return <MemberCodeSetup customer={isMember && user?.loyalty_program ? user.name : null} />;
}

function RootLayout() {
  const t = useT();
  const pathname = useLocation({ select: (location) => location.pathname.replace(/(.)\/$/, '$1') });
  const showNav = useShellFlag('bottomNav') ?? BOTTOM_NAV_PATHS.has(pathname);
  const showHeader = useShellFlag('appHeader') ?? true;
  const navTab = useNavTab();
  return (
    <div className={classes.shell} data-bottom-nav={showNav || undefined}>
      <a href="#main" className={classes.skip}>
        {t('common.skipToContent')}
      </a>
      {showHeader && <AppHeader actions={classifyPath(pathname) === 'member' ? <HeaderCartButton /> : undefined} />}
      <OfflineBanner />
      <main id="main" className={classes.main} tabIndex={-1}>
        <Outlet />
      </main>
      <AppFooter />
      {showNav && <BottomNav active={navTab} />}
      <UpdatePrompt aboveNav={showNav} />
      <CartPanelMount />
      <SessionSync />
      <MemberDevice />
    </div>
  );
}
