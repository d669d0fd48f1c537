import { createFileRoute } from '@tanstack/react-router';
import { SiteLayout, AboutPage } from '@/features/marketing';
import { sessionQuery } from '@/features/marketing/api';

export const Route = createFileRoute('/laveena-about-us')({
  staticData: { appHeader: false, bottomNav: false },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(sessionQuery());
  },
  component: () => (
    <SiteLayout>
      <AboutPage />
    </SiteLayout>
  ),
});
