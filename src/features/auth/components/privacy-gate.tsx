import { Center, Loader } from '@mantine/core';
import '@mantine/core/styles/Loader.css';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { consentsQuery, noticeOutdated } from '@/entities/privacy';
import { isOnline } from '@/lib/online';
import { bootQuery, isMember } from '../api';

// The renewal (the modal, the consent write and the sign-out) is its own chunk: most opens never need it.
const PrivacyRenewal = lazy(() => import('./privacy-renewal'));

const waiting = (
  <Center mih="60vh">
    <Loader color="brand" />
  </Center>
);

/**
 * Around every member screen: a member who has not agreed to the current privacy notice (a newer version was
 * published since) is asked again before any screen, and cannot go on without agreeing (they may sign out instead).
 * The consents are read again at every open of the app and when it comes back to the foreground: the answer the
 * device keeps paints the screen at once (offline too), and the newer notice replaces it as soon as the server
 * says so. A device with none saved waits for them (online).
 */
export function PrivacyGate({ children, beforeSignOut }: { children: ReactNode; beforeSignOut?: () => Promise<unknown> }) {
  const boot = useQuery(bootQuery());
  const member = isMember(boot.data);
  // Read again whenever the layout mounts (each open of the app) and the app comes back to the foreground.
  const consents = useQuery({ ...consentsQuery(), enabled: member, staleTime: 0 });
  if (!member) return children;
  if (!consents.data) return consents.isPending && isOnline() && consents.fetchStatus === 'fetching' ? waiting : children;
  if (!noticeOutdated(consents.data)) return children;
  return (
    <Suspense fallback={waiting}>
      <PrivacyRenewal beforeSignOut={beforeSignOut} />
    </Suspense>
  );
}
