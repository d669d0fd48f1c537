import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { subscribeDoctype } from '@/lib/realtime';
import { invalidateDoctype } from '@/entities/blog';

/** Refetches the lists and counts of these doctypes whenever the server reports a committed change. */
export function useLiveDoctypes(doctypes: readonly string[], user: string | undefined) {
  const queryClient = useQueryClient();
  const key = doctypes.join('|');
  useEffect(() => {
    if (!user || user === 'Guest') return;
    const stops = key.split('|').map((doctype) => subscribeDoctype(doctype, user, () => invalidateDoctype(queryClient, doctype)));
    return () => stops.forEach((stop) => stop());
  }, [key, user, queryClient]);
}
