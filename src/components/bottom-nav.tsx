import { Link, useLocation } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { useT, type MessageKey } from '@/lib/i18n';
import { GiftIcon, HistoryIcon, HomeIcon, UserIcon } from './icons';
import classes from './bottom-nav.module.css';

interface Tab {
  to: string;
  label: MessageKey;
  icon: ComponentType<{ size?: number }>;
  /** Screens with the tab bar that belong to this tab without being it (marked current there). */
  owns?: readonly string[];
}

/** The four member tabs, in order. Which screens show the bar is decided by their layout (src/routes/_member/). */
export const BOTTOM_NAV_TABS: readonly Tab[] = [
  { to: '/', label: 'common.navHome', icon: HomeIcon },
  { to: '/categories', label: 'common.navRewards', icon: GiftIcon },
  { to: '/reward-history', label: 'common.navHistory', icon: HistoryIcon },
  { to: '/my-account', label: 'common.navAccount', icon: UserIcon, owns: ['/terms-and-conditions'] },
];

/** Marks a tab current on a screen that belongs to it without being it (the router marks exact matches). */
const CURRENT = { 'data-status': 'active', 'aria-current': 'true' } as const;

/** Fixed tab bar; the current tab is marked with aria-current="page" by the router's Link. */
export function BottomNav() {
  const t = useT();
  const pathname = useLocation({ select: (location) => location.pathname.replace(/(.)\/$/, '$1') });
  const active = BOTTOM_NAV_TABS.find((tab) => tab.owns?.includes(pathname))?.to;
  return (
    <nav className={classes.nav} aria-label={t('common.navLabel')}>
      <ul className={classes.list}>
        {BOTTOM_NAV_TABS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className={classes.link} activeOptions={{ exact: to === '/' }} inactiveProps={active === to ? CURRENT : undefined}>
              <span className={classes.pill}>
                <Icon size={22} />
              </span>
              <span>{t(label)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
