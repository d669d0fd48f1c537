import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useLang, useT } from '@/lib/i18n';
import { BrandMark } from './icons';
import classes from './app-shell.module.css';

export interface AppHeaderProps {
  /** Actions before the language switch (the root layout passes the cart button on member screens). */
  actions?: ReactNode;
}

/** The shared top bar: brand (link home), the screen's actions and the Thai / English switch. */
export function AppHeader({ actions }: AppHeaderProps) {
  const t = useT();
  const [lang, setLang] = useLang();
  const next = lang === 'th' ? 'en' : 'th';
  return (
    <header className={classes.header}>
      <Link to="/" className={classes.brand}>
        <BrandMark size={32} />
        <span>{t('common.appName')}</span>
      </Link>
      <div className={classes.actions}>
        {actions}
        <button
          type="button"
          className={classes.lang}
          onClick={() => setLang(next)}
          aria-label={t('common.switchLanguage')}
          lang={next}
        >
          {next === 'en' ? 'EN' : 'ไทย'}
        </button>
      </div>
    </header>
  );
}

/** Read once at start: the footer needs no re-render at midnight on New Year's Eve. */
const YEAR = new Date().getFullYear();

export function AppFooter() {
  const t = useT();
  return (
    <footer className={classes.footer}>
      <p style={{ margin: 0 }}>{t('common.footerText', { year: YEAR })}</p>
    </footer>
  );
}
