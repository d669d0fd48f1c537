import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { refreshUser } from '@/features/auth';
import { LiffEntry } from '@/features/liff';

/**
 * /liff and /liff/<deep link> (https://liff.line.me/<id>/<path> opens the latter): the LIFF app's endpoint. Signs
 * the member in with LINE's ID token, then opens their card or the screen the LIFF URL named. A guest screen: it is
 * the sign-in itself.
 */
export const Route = createFileRoute('/_guest/liff/$')({
  component: LiffPage,
});

function LiffPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signedIn = useCallback(
    async (target: string) => {
      await refreshUser(queryClient);
      await navigate({ href: target, replace: true });
    },
    [queryClient, navigate],
  );
  return <LiffEntry onSignedIn={signedIn} />;
}
