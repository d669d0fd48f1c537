import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Badge.css';
import type { ReactNode } from 'react';
import { AppShell, Badge, Burger, Button, Group, NavLink, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useMatches, useNavigate, useRouter } from '@tanstack/react-router';
import { countQuery } from '@/entities/blog';
import { sessionQuery, useSignOut } from '@/entities/session';
import { useLang, useT } from '@/lib/i18n';
import { useLiveDoctypes } from './live';
import { isEntryOf, mainRole, mayOpenScreen, sidebarFor, type SidebarEntry } from './access';
import { useWideLayout } from '@/components/wide-layout';
import { AdminGate } from './admin-gate';
import classes from './frame.module.css';

/** Badges cap at 99, shown as "99+". */
export const badgeText = (count: number | undefined) => (count === undefined ? '…' : count > 99 ? '99+' : String(count));

function Count({ doctype }: { doctype: string }) {
  const t = useT();
  const count = useQuery(countQuery(doctype));
  return (
    <Badge variant="light" color="gray" aria-label={count.data === undefined ? undefined : t('backOffice.countLabel', { count: count.data })} data-testid={`count-${doctype}`}>
      {badgeText(count.data)}
    </Badge>
  );
}

/** The open screen: the deepest route matched, whose staticData declares who may open it. */
function useScreen() {
  const matches = useMatches();
  return matches[matches.length - 1];
}

/** The sidebar entries the signed-in roles may open, built from the routes' declarations. */
function useSidebar(roles: readonly string[]) {
  const router = useRouter();
  return sidebarFor(router.routesByPath, roles);
}

function NavEntry({ item, active, onPick }: { item: SidebarEntry; active: boolean; onPick: () => void }) {
  const t = useT();
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={t(`backOffice.${item.label}`)}
      active={active}
      onClick={onPick}
      className={classes.navLink}
      rightSection={item.countDoctype ? <Count doctype={item.countDoctype} /> : undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}

function useManager() {
  const session = useQuery(sessionQuery());
  const name = session.data?.full_name || session.data?.user || '';
  const role = mainRole(session.data?.roles ?? []);
  return { name, role, branch: role === 'Branch Manager' ? session.data?.branch : null };
}

function LangButton() {
  const t = useT();
  const [lang, setLang] = useLang();
  const next = lang === 'th' ? 'en' : 'th';
  return (
    <Button variant="default" size="sm" flex="none" onClick={() => setLang(next)} aria-label={t('common.switchLanguage')} lang={next}>
      {next === 'en' ? 'EN' : 'ไทย'}
    </Button>
  );
}

function SignOutButton() {
  const t = useT();
  const navigate = useNavigate();
  const signOut = useSignOut({ onSettled: () => navigate({ to: '/admin' }) });
  return (
    <Button variant="light" color="gray" size="sm" flex={1} loading={signOut.isPending} onClick={() => signOut.mutate()}>
      {t('backOffice.signOut')}
    </Button>
  );
}

function ProfileLink({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const { name, role, branch } = useManager();
  return (
    <Link to="/app" className={compact ? classes.profileCompact : classes.profile} aria-label={t('backOffice.profileLink', { name })}>
      <span className={classes.avatar} aria-hidden>
        {name.slice(0, 1).toUpperCase()}
      </span>
      {compact ? null : (
        <span className={classes.who}>
          <span className={classes.name}>{name}</span>
          <span className={classes.role} data-testid="admin-role">
            {role ? t(`backOffice.role_${role.replace(' ', '')}` as 'backOffice.role_SystemManager') : ''}
            {branch ? ` · ${branch}` : ''}
          </span>
        </span>
      )}
    </Link>
  );
}

/** The manager, their role, the language and sign-out: at the foot of the sidebar on a wide screen. */
function Manager() {
  return (
    <Stack gap={8} className={classes.manager}>
      <ProfileLink />
      <Group gap={8} wrap="nowrap">
        <LangButton />
        <SignOutButton />
      </Group>
    </Stack>
  );
}

function Denied() {
  const t = useT();
  return (
    <Stack gap="sm" role="alert" className={classes.denied}>
      <Title order={1} size="h3">
        {t('backOffice.deniedTitle')}
      </Title>
      <Text>{t('backOffice.screenDenied')}</Text>
    </Stack>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const t = useT();
  const [opened, { toggle, close }] = useDisclosure(false);
  const session = useQuery(sessionQuery());
  const roles = session.data?.roles ?? [];
  const screen = useScreen();
  const sidebar = useSidebar(roles);
  useLiveDoctypes(['Blog Post', 'Blog Category'], session.data?.user);
  // Below the sidebar's breakpoint the sidebar is folded away: the language and the profile stay in the top bar.
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 248, breakpoint: 'md', collapsed: { mobile: !opened } }} padding="md" className={classes.shell}>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" color="#fff" aria-label={t('backOffice.menuToggle')} />
          <Link to="/admin" className={classes.brand}>
            {t('backOffice.title')}
          </Link>
          {wide ? null : (
            <Group gap={6} wrap="nowrap" ml="auto">
              <LangButton />
              <ProfileLink compact />
            </Group>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('backOffice.sidebarLabel')} component="nav" className={classes.navbar}>
        <AppShell.Section grow component={ScrollArea}>
          {sidebar.map((item) => (
            <NavEntry key={item.to} item={item} active={Boolean(screen && isEntryOf(item, screen))} onPick={close} />
          ))}
        </AppShell.Section>
        <AppShell.Section>{wide ? <Manager /> : <SignOutButton />}</AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>{screen && mayOpenScreen(roles, screen.staticData) ? children : <Denied />}</AppShell.Main>
    </AppShell>
  );
}

/**
 * Every back-office screen: the gate (back-office roles only), the sidebar of the screens the role may open, and the
 * page, or a refusal when the page's route does not name the role (or names no role at all).
 */
export function AdminFrame({ children }: { children: ReactNode }) {
  useWideLayout();
  return (
    <AdminGate>
      <Frame>{children}</Frame>
    </AdminGate>
  );
}

/** /admin: the first screen the signed-in role may open. */
export function AdminHome() {
  const session = useQuery(sessionQuery());
  const first = useSidebar(session.data?.roles ?? [])[0];
  return first ? <Navigate to={first.to} replace /> : null;
}
