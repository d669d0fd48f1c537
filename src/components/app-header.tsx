import { Link } from '@tanstack/react-router';
import { useLang, useT } from '@/lib/i18n';
import { BrandMark } from './icons';
import classes from './app-shell.module.css';

/** The shared top bar: brand (link home) and the Thai / English switch. */
export function AppHeader() {
  const t = useT();
  const [lang, setLang] = useLang();
  const next = lang === 'th' ? 'en' : 'th';
  return (
    <header className={classes.header}>
      <Link to="/" className={classes.brand}>
        <BrandMark size={32} />
        <span>{t('common.appName')}</span>
      </Link>
      <button
        type="button"
        className={classes.lang}
        onClick={() => setLang(next)}
        aria-label={t('common.switchLanguage')}
        lang={next}
      >
        {next === 'en' ? 'EN' : 'ไทย'}
      </button>
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
