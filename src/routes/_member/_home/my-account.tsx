import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { OnDevice } from '@/components/on-device';
import { AccountScreen } from '@/features/account';
import { LogoutButton, useCurrentUser } from '@/features/auth';
import { PendingWritesNote } from '@/features/offline';

// Notification settings are their own chunk, fetched once the account screen is up.
const NotificationSettings = lazy(() => import('@/features/notifications').then((m) => ({ default: m.NotificationSettings })));
// The personal-data section (offers, a copy of the data, deleting the account): its own chunk too.
const PrivacySettings = lazy(() => import('@/features/privacy').then((m) => ({ default: m.PrivacySettings })));
const forgetThisDevice = () => import('@/features/notifications').then((m) => m.forgetThisDevice());

/**
 * /my-account: profile header, points, links, language switch, notifications, personal data (offers, a copy of the
 * data, deleting the account) and logout (bottom tab: account).
 */
export const Route = createFileRoute('/_member/_home/my-account')({
  component: MyAccountPage,
});

function MyAccountPage() {
  const { user } = useCurrentUser({ showsTier: true });
  return (
    <AccountScreen
      profile={
        user && {
          full_name: user.full_name || user.name,
          user_image: user.user_image,
          loyalty_points: user.loyalty_points,
          tier_name: user.tier?.tier_name,
        }
      }
      logout={<LogoutButton beforeSignOut={forgetThisDevice} />}
      notice={<PendingWritesNote />}
      notifications={
        <OnDevice>
          <Suspense fallback={null}>
            <NotificationSettings />
          </Suspense>
        </OnDevice>
      }
      privacy={
        <OnDevice>
          <Suspense fallback={null}>
            <PrivacySettings beforeSignOut={forgetThisDevice} />
          </Suspense>
        </OnDevice>
      }
    />
  );
}
