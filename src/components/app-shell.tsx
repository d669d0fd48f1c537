import type { ReactNode } from 'react';
import { useT } from '@/lib/i18n';
import { AppFooter } from './app-header';
import { OfflineBanner } from './offline-state';
import { UpdatePrompt } from './update-prompt';
import classes from './app-shell.module.css';

export interface AppShellProps {
  /** The top bar above the offline note (the brand header); none when every screen draws its own title bar. */
  header?: ReactNode;
  /** The bottom navigation; the page keeps room for it and the update prompt sits above it. */
  nav?: ReactNode;
  children: ReactNode;
}

/** The frame of every screen, filled in by the layout routes (src/routes/_guest.tsx, _member/…, _staff.tsx…). */
export function AppShell({ header, nav, children }: AppShellProps) {
  const t = useT();
  return (
    <div className={classes.shell} data-bottom-nav={nav ? true : undefined}>
      <a href="#main" className={classes.skip}>
        {t('common.skipToContent')}
      </a>
      {header}
      <OfflineBanner />
      <main id="main" className={classes.main} tabIndex={-1}>
        {children}
      </main>
      <AppFooter />
      {nav}
      <UpdatePrompt aboveNav={Boolean(nav)} />
    </div>
  );
}
