import { useEffect, useState } from 'react';
import { paintedByServer } from '@/lib/server-state';

/**
 * False for `ms` after mount, then true: a screen's minimum skeleton, so content fetched at once does not flicker in.
 * True from the start on the screen the server rendered: its content is already on screen.
 */
export function useMinDelay(ms: number): boolean {
  const [done, setDone] = useState(() => ms <= 0 || paintedByServer());
  useEffect(() => {
    if (done) return;
    const id = setTimeout(() => setDone(true), ms);
    return () => clearTimeout(id);
  }, [ms, done]);
  return done;
}
