import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { managedItemQuery } from '@/entities/admin';
import { RewardEditor } from '@/features/back-office';
import { PageSkeleton } from '@/components/page-skeleton';
import { ErrorView } from '@/components/error-view';
import { PROGRAMME_MANAGERS } from '@/features/back-office/frame/roles';

/** /admin/rewards/new creates a reward; /admin/rewards/<code> edits that one. */
export const Route = createFileRoute('/_admin/admin/rewards/$name')({
  staticData: { roles: PROGRAMME_MANAGERS, sidebarEntry: '/admin/rewards' },
  component: EditReward,
});

function EditReward() {
  const { name } = Route.useParams();
  const item = useQuery({ ...managedItemQuery(name), enabled: name !== 'new' });
  if (name === 'new') return <RewardEditor />;
  if (item.isError) return <ErrorView error={item.error} reset={() => void item.refetch()} />;
  if (!item.data) return <PageSkeleton />;
  return <RewardEditor key={item.data.modified} item={item.data} />;
}
