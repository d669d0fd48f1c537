import { useEffect } from 'react';

/**
 * Screens that use the whole window rather than the 480 px phone column of the member app (the back office, with
 * its sidebar and wide tables, and the marketing site): while mounted, <html data-layout="wide"> lifts the shell's
 * width cap (the back office's admin.module.css and the site's site.module.css say what else it changes there).
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
