import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useLang, useT } from '@/lib/i18n';
import { BLOG_CATEGORY, BLOG_POST, countQuery } from '@/entities/blog';
import { bootQuery } from '@/entities/member';
import { useLiveDoctypes } from '../live';
import { useWideLayout } from '../wide-layout';
import { AdminGate } from './admin-gate';
import classes from './admin.module.css';

/** Badges cap at 99, shown as "99+". */
export const badgeText = (count: number | undefined) => (count === undefined ? '…' : count > 99 ? '99+' : String(count));

function CountLink({ to, label, doctype }: { to: '/blog-admin' | '/blog-categories'; label: string; doctype: string }) {
  const t = useT();
  const count = useQuery(countQuery(doctype));
  return (
    <Link to={to} className={classes.navLink} activeOptions={{ exact: false }}>
      <span>{label}</span>
      <span className={classes.count} aria-label={count.data === undefined ? undefined : t('blogAdmin.countLabel', { count: count.data })} data-testid={`count-${doctype}`}>
        {badgeText(count.data)}
      </span>
    </Link>
  );
}

function Sidebar() {
  const t = useT();
  const [lang, setLang] = useLang();
  const next = lang === 'th' ? 'en' : 'th';
  const session = useQuery(bootQuery());
  const name = session.data?.full_name || session.data?.user || '';
  useLiveDoctypes([BLOG_POST.doctype, BLOG_CATEGORY.doctype], session.data?.user);
  return (
    <nav className={classes.sidebar} aria-label={t('blogAdmin.sidebarLabel')}>
      <Link to="/blog-admin" className={classes.brand}>
        {t('blogAdmin.adminTitle')}
      </Link>
      <div className={classes.navLinks}>
        <CountLink to="/blog-admin" label={t('blogAdmin.navBlogs')} doctype={BLOG_POST.doctype} />
        <CountLink to="/blog-categories" label={t('blogAdmin.navCategories')} doctype={BLOG_CATEGORY.doctype} />
      </div>
      <span className={classes.spacer} />
      <button type="button" className={classes.langButton} onClick={() => setLang(next)} aria-label={t('common.switchLanguage')} lang={next}>
        {next === 'en' ? 'EN' : 'ไทย'}
      </button>
      <Link to="/app" className={classes.profile} aria-label={t('blogAdmin.profileLink', { name })}>
        <span className={classes.avatar} aria-hidden>
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className={classes.profileName}>{name}</span>
      </Link>
    </nav>
  );
}

/** Every admin screen: the gate (admins only), the sidebar with live counts, and the page. */
export function AdminLayout({ children }: { children: ReactNode }) {
  useWideLayout();
  return (
    <AdminGate>
      <div className={classes.admin}>
        <Sidebar />
        <section className={classes.content}>{children}</section>
      </div>
    </AdminGate>
  );
}
