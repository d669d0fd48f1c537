import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Divider.css';
import { useState, type ReactNode } from 'react';
import { Burger, Button, Divider, Drawer, Group, Menu, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useLang, useT } from '@/lib/i18n';
import { sessionQuery, useSignOut } from '@/entities/session';
import { formatAmount } from '@/lib/format/numbers';
import { SOCIAL_LINKS, productById } from '../data';
import { cartCount, useMarketingStore } from '../store';
import { useWideLayout } from '@/components/wide-layout';
import { AuthDialog } from './auth-dialog';
import classes from './site.module.css';

const YEAR = new Date().getFullYear();

const NAV = [
  { to: '/bakery', label: 'marketing.navHome' },
  { to: '/product', label: 'marketing.navProduct' },
  { to: '/blog', label: 'marketing.navBlog' },
  { to: '/laveena-about-us', label: 'marketing.navAbout' },
  { to: '/branch', label: 'marketing.navContact' },
] as const;

function CartIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M6 7h12l-1 13H7L6 7z" />
      <path d="M9 7a3 3 0 0 1 6 0" />
    </svg>
  );
}

function UserIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </svg>
  );
}

function CartDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const [lang] = useLang();
  const cart = useMarketingStore((s) => s.cart);
  const removeLine = useMarketingStore((s) => s.removeLine);
  const clearCart = useMarketingStore((s) => s.clearCart);
  const total = cart.reduce((sum, l) => sum + l.unitPrice * l.qty, 0);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('marketing.cartTitle')} size="sm">
      {cart.length === 0 ? (
        <Text c="dimmed">{t('marketing.cartEmpty')}</Text>
      ) : (
        <Stack gap="md">
          {cart.map((line) => {
            const product = productById(line.productId);
            const name = product ? product.name[lang] : line.productId;
            return (
              <Group key={line.key} justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text fw={600}>{name}</Text>
                  <Text size="sm" c="dimmed">
                    {t('marketing.cartLine', { flavor: line.flavor ?? '-', size: line.size, qty: line.qty })}
                  </Text>
                  <Text size="sm" fw={700}>
                    {t('marketing.baht', { price: formatAmount(line.unitPrice * line.qty) })}
                  </Text>
                </div>
                <Button variant="subtle" color="red" size="xs" onClick={() => removeLine(line.key)} aria-label={t('marketing.cartRemove', { name })}>
                  ×
                </Button>
              </Group>
            );
          })}
          <Divider />
          <Group justify="space-between">
            <Text fw={700}>{t('marketing.cartTotal')}</Text>
            <Text fw={800} data-testid="cart-total">
              {t('marketing.baht', { price: formatAmount(total) })}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t('marketing.cartNote')}
          </Text>
          <Button component={Link} to="/branch" onClick={onClose}>
            {t('marketing.cartSeeBranches')}
          </Button>
          <Button variant="subtle" color="gray" onClick={clearCart}>
            {t('marketing.cartClear')}
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}

function TopNav() {
  const t = useT();
  const [lang, setLang] = useLang();
  const [menu, setMenu] = useState(false);
  const [auth, setAuth] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  const count = useMarketingStore((s) => cartCount(s.cart));
  const session = useQuery(sessionQuery());
  const signOut = useSignOut();
  const user = session.data && session.data.user !== 'Guest' ? session.data.full_name || session.data.user : null;
  const next = lang === 'th' ? 'en' : 'th';
  return (
    <header className={classes.topbar}>
      <div className={`${classes.container} ${classes.topInner}`}>
        <Burger className={classes.burger} opened={menu} onClick={() => setMenu(true)} aria-label={t('marketing.openMenu')} size="sm" />
        <Link to="/bakery" className={classes.brand}>
          <span className={classes.brandMark} aria-hidden>
            L
          </span>
          <span>{t('marketing.brand')}</span>
        </Link>
        <nav className={classes.navLinks} aria-label={t('marketing.navLabel')}>
          {NAV.map((item) => (
            <Link key={item.to} to={item.to} className={classes.navLink}>
              {t(item.label)}
            </Link>
          ))}
        </nav>
        <div className={classes.topActions}>
          <button type="button" className={`${classes.iconButton} ${classes.desktopOnly}`} onClick={() => setLang(next)} aria-label={t('common.switchLanguage')} lang={next}>
            <Text size="xs" fw={700}>
              {next === 'en' ? 'EN' : 'ไทย'}
            </Text>
          </button>
          <button type="button" className={classes.iconButton} onClick={() => setCartOpen(true)} aria-label={t('marketing.cartCount', { count })}>
            <CartIcon />
            {count > 0 && (
              <span className={classes.badge} aria-hidden>
                {count > 99 ? '99+' : count}
              </span>
            )}
          </button>
          {user ? (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="light" radius="xl" maw={160}>
                  <Text truncate size="sm" fw={600}>
                    {user}
                  </Text>
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{t('marketing.hello', { name: user })}</Menu.Label>
                <Menu.Item onClick={() => signOut.mutate()}>{t('marketing.signOut')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : (
            <>
              <Button radius="xl" onClick={() => setAuth(true)} className={classes.desktopOnly}>
                {t('marketing.signIn')}
              </Button>
              <button type="button" className={`${classes.iconButton} ${classes.mobileOnly}`} onClick={() => setAuth(true)} aria-label={t('marketing.signIn')}>
                <UserIcon />
              </button>
            </>
          )}
        </div>
      </div>
      <Drawer opened={menu} onClose={() => setMenu(false)} title={t('marketing.brand')} size="xs">
        <nav aria-label={t('marketing.navLabel')}>
          <Stack gap={4}>
            {NAV.map((item) => (
              <Link key={item.to} to={item.to} className={classes.drawerLink} onClick={() => setMenu(false)}>
                {t(item.label)}
              </Link>
            ))}
            <Divider my="sm" />
            <button type="button" className={classes.drawerLink} onClick={() => setLang(next)} lang={next} style={{ border: 0, background: 'transparent', cursor: 'pointer', font: 'inherit' }}>
              {next === 'en' ? 'English' : 'ภาษาไทย'}
            </button>
          </Stack>
        </nav>
      </Drawer>
      <CartDrawer opened={cartOpen} onClose={() => setCartOpen(false)} />
      <AuthDialog opened={auth} onClose={() => setAuth(false)} />
    </header>
  );
}

function Footer() {
  const t = useT();
  return (
    <footer className={classes.footer}>
      <div className={classes.container}>
        <div className={classes.footerGrid}>
          <div>
            <h2>{t('marketing.brand')}</h2>
            <Text size="sm" c="#e8dacd">
              {t('marketing.footerAbout')}
            </Text>
            <Text size="sm" c="#e8dacd" mt="sm">
              {t('marketing.footerOpenHouse')}
            </Text>
          </div>
          <nav aria-label={t('marketing.footerInfo')}>
            <h2>{t('marketing.footerInfo')}</h2>
            <ul>
              <li>
                <Link to="/bakery">{t('marketing.navHome')}</Link>
              </li>
              <li>
                <Link to="/laveena-about-us">{t('marketing.navAbout')}</Link>
              </li>
              <li>
                <Link to="/blog">{t('marketing.navBlog')}</Link>
              </li>
              <li>
                <Link to="/product">{t('marketing.navProduct')}</Link>
              </li>
            </ul>
          </nav>
          <nav aria-label={t('marketing.footerHelp')}>
            <h2>{t('marketing.footerHelp')}</h2>
            <ul>
              <li>
                <Link to="/branch">{t('marketing.footerBranches')}</Link>
              </li>
              <li>
                <Link to="/privacy-policy">{t('marketing.footerPrivacy')}</Link>
              </li>
              <li>
                <Link to="/welcome">{t('marketing.footerMember')}</Link>
              </li>
            </ul>
          </nav>
          <nav aria-label={t('marketing.footerFollow')}>
            <h2>{t('marketing.footerFollow')}</h2>
            <ul>
              {SOCIAL_LINKS.map((s) => (
                <li key={s.label}>
                  <a href={s.href} target="_blank" rel="noopener noreferrer">
                    {s.label} <span className="visually-hidden">{t('marketing.opensNewTab')}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <p className={classes.copyright}>{t('marketing.footerCopyright', { year: YEAR })}</p>
      </div>
    </footer>
  );
}

/** Every marketing page: top navigation, the page, the footer. Visitors need no sign-in. */
export function SiteLayout({ children }: { children: ReactNode }) {
  useWideLayout();
  return (
    <div className={classes.site}>
      <TopNav />
      <div className={classes.main}>{children}</div>
      <Footer />
    </div>
  );
}
