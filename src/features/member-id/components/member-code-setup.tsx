import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenIdle } from '@/lib/idle';
import { useOnline } from '@/lib/online';
import { useIsRestoringPersistence } from '@/lib/persistence';

/**
 * Mounted once by the root layout. Every sign-in revokes the member's older code secrets (the server does it),
 * so this device registers its own as soon as the member is signed in and online: /my-id must work in a shop
 * basement even when the member never opened it with a signal. A device already holding a secret keeps it
 * (the query never refetches on its own). The query module loads lazily, off the first route.
 */
export function MemberCodeSetup({ customer }: { customer: string | null }) {
  const qc = useQueryClient();
  const online = useOnline();
  const restoring = useIsRestoringPersistence();
  useEffect(() => {
    // Wait for the persisted cache: registering before it is read would revoke the secret this device holds.
    if (!customer || !online || restoring) return;
    return whenIdle(
      () => void import('@/entities/member/member-code').then(({ memberCodeDeviceQuery }) => qc.prefetchQuery(memberCodeDeviceQuery(customer))),
      3000,
      1000,
    );
  }, [customer, online, restoring, qc]);
  return null;
}
