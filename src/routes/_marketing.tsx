import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppShell } from '@/components/app-shell';
import { visitorGuard } from '@/features/auth';
import { SiteLayout } from '@/features/marketing';
import { sessionQuery } from '@/entities/session';

/** The bakery's marketing site (/bakery, /blog, /product…): open to anyone, in the site's own top navigation and footer. */
export const Route = createFileRoute('/_marketing')({
  beforeLoad: visitorGuard,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(sessionQuery());
  },
  component: MarketingLayout,
});

function MarketingLayout() {
  return (
    <AppShell>
      <SiteLayout>
        <Outlet />
      </SiteLayout>
    </AppShell>
  );
}
