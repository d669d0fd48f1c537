import { useEffect } from 'react';

/**
 * The marketing site is a website, not the 480 px phone column of the member app: while mounted,
 * <html data-layout="wide"> lifts the shell's width cap and hides its footer (site.module.css).
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
