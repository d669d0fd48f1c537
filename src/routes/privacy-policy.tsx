import { createFileRoute } from '@tanstack/react-router';
import { SiteLayout, PrivacyPage } from '@/features/marketing';
import { sessionQuery } from '@/features/marketing/api';

export const Route = createFileRoute('/privacy-policy')({
  staticData: { appHeader: false, bottomNav: false },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(sessionQuery());
  },
  component: () => (
    <SiteLayout>
      <PrivacyPage />
    </SiteLayout>
  ),
});
