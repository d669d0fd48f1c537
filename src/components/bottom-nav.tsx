import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { useT, type MessageKey } from '@/lib/i18n';
import { GiftIcon, HistoryIcon, HomeIcon, UserIcon } from './icons';
import classes from './bottom-nav.module.css';

interface Tab {
  to: string;
  label: MessageKey;
  icon: ComponentType<{ size?: number }>;
}

/** The four member tabs of the spec, in order. */
export const BOTTOM_NAV_TABS: readonly Tab[] = [
  { to: '/', label: 'common.navHome', icon: HomeIcon },
  { to: '/categories', label: 'common.navRewards', icon: GiftIcon },
  { to: '/reward-history', label: 'common.navHistory', icon: HistoryIcon },
  { to: '/my-account', label: 'common.navAccount', icon: UserIcon },
];

/** Paths that show the bottom navigation unless their route says otherwise (staticData.bottomNav). */
export const BOTTOM_NAV_PATHS: ReadonlySet<string> = new Set(BOTTOM_NAV_TABS.map((tab) => tab.to));

/** Marks a tab current on a screen that belongs to it without being it (the router marks exact matches). */
const CURRENT = { 'data-status': 'active', 'aria-current': 'true' } as const;

/** Fixed tab bar; the current tab is marked with aria-current="page" by the router's Link. */
export function BottomNav({ active }: { active?: string } = {}) {
  const t = useT();
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
