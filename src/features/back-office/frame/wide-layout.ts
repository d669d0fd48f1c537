import { useEffect } from 'react';

/**
 * Admin screens use the whole window (a sidebar and wide tables), not the 480 px phone column of the member
 * app: while mounted, <html data-layout="wide"> lifts the shell's width cap (see admin.module.css).
 */
export function useWideLayout() {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.layout = 'wide';
    return () => {
      delete root.dataset.layout;
    };
  }, []);
}
