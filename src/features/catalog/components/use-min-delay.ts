import { useEffect, useState } from 'react';

/** False for the first `ms` after mount, then true (skeletons shown for a fixed first moment, cached data or not). */
export function useMinDelay(ms: number): boolean {
  const [done, setDone] = useState(ms <= 0);
  useEffect(() => {
    if (ms <= 0) return;
    const id = setTimeout(() => setDone(true), ms);
    return () => clearTimeout(id);
  }, [ms]);
  return done;
}
