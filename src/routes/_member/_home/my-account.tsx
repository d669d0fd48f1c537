import { createFileRoute } from '@tanstack/react-router';
import { AccountScreen } from '@/features/account';
import { LogoutButton, useCurrentUser } from '@/features/auth';
import { PendingWritesNote } from '@/features/offline';

/** /my-account: profile header, points, links, language switch and logout (bottom tab: account). */
export const Route = createFileRoute('/_member/_home/my-account')({
  component: MyAccountPage,
});

function MyAccountPage() {
  const { user } = useCurrentUser();
  return (
    <AccountScreen
      profile={
        user && {
          full_name: user.full_name || user.name,
          user_image: user.user_image,
          loyalty_points: user.loyalty_points,
          tier_name: user.tier?.tier_name ?? user.loyalty_program_tier,
        }
      }
      logout={<LogoutButton />}
      notice={<PendingWritesNote />}
    />
  );
}
