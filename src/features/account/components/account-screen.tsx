import { Anchor, Avatar, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useLang, useT, type Lang, type MessageKey } from '@/lib/i18n';
import { formatNumber } from '@/lib/format/numbers';
import classes from './account.module.css';
import { MENU_ICONS, type MenuIcon } from './menu-icons';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Anchor.css';

export interface AccountProfile {
  full_name: string;
  user_image?: string | null;
  loyalty_points: number;
  tier_name?: string | null;
}

export interface AccountScreenProps {
  /** Null while the profile loads ("Loading..."). */
  profile: AccountProfile | null;
  /** The sign-in feature's logout button (with its confirmation dialog). */
  logout?: ReactNode;
  /** Shown under the points card, e.g. the offline feature's "2 changes waiting to sync". */
  notice?: ReactNode;
  /** The notification settings section (another feature, loaded lazily by the route). */
  notifications?: ReactNode;
  /** The personal-data section: offers, a copy of the data, deleting the account (another feature, loaded lazily). */
  privacy?: ReactNode;
}

interface Item {
  to: string;
  label: MessageKey;
  icon: MenuIcon;
}

const MINE: Item[] = [
  { to: '/my-id', label: 'account.myId', icon: 'qr' },
  { to: '/reward-history', label: 'account.rewardHistory', icon: 'history' },
  { to: '/my-order', label: 'account.myOrders', icon: 'bag' },
  { to: '/my-coupon', label: 'account.myCoupons', icon: 'ticket' },
  { to: '/shipping-address', label: 'account.addresses', icon: 'pin' },
  { to: '/wishlist', label: 'account.wishlist', icon: 'heart' },
];
const SETTINGS: Item[] = [
  { to: '/terms-and-conditions', label: 'account.terms', icon: 'doc' },
  { to: '/consent', label: 'account.consent', icon: 'shield' },
];
// The membership conditions are help on the programme: offered here once, not also among the member's own things.
const HELP: Item[] = [
  { to: '/collect-points', label: 'account.collectPoints', icon: 'coins' },
  { to: '/how-to-collect-rewards', label: 'account.howToRedeem', icon: 'gift' },
  { to: '/member-conditions', label: 'account.memberConditions', icon: 'help' },
];

function Section({ title, items, children }: { title: MessageKey; items: Item[]; children?: ReactNode }) {
  const t = useT();
  const id = `account-${title.split('.')[1]}`;
  return (
    <section aria-labelledby={id}>
      <Text id={id} component="h2" size="sm" fw={700} c="dimmed" mb={6} px={4}>
        {t(title)}
      </Text>
      <Paper radius="lg" withBorder className={classes.menu}>
        <ul>
          {items.map((item) => (
            <li key={`${item.to}-${item.label}`}>
              <Link to={item.to} className={classes.row}>
                <span className={classes.icon} aria-hidden="true">
                  {MENU_ICONS[item.icon]}
                </span>
                <span className={classes.label}>{t(item.label)}</span>
                <span className={classes.chevron} aria-hidden="true">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {children}
      </Paper>
    </section>
  );
}

/** /my-account: profile header, points, links, language switch, the sections other features bring, and logout. */
export function AccountScreen({ profile, logout, notice, notifications, privacy }: AccountScreenProps) {
  const t = useT();
  const [lang, setLang] = useLang();
  return (
    <Stack gap="lg" p="md" pb="xl">
      <Paper radius="xl" p="lg" className={classes.header}>
        {profile ? (
          <Group wrap="nowrap" gap="md">
            <Avatar src={profile.user_image ?? undefined} alt="" size={64} radius="xl" color="brand" variant="white">
              {profile.full_name.slice(0, 1)}
            </Avatar>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={1} size="h3" className={classes.name}>
                {profile.full_name}
              </Title>
              {profile.tier_name && (
                <Text size="sm" className={classes.onBrand} data-testid="account-tier">
                  {t('account.tierLine', { tier: profile.tier_name })}
                </Text>
              )}
              <Anchor component={Link} to="/edit-profile" size="sm" fw={600} className={classes.editLink}>
                {t('account.editProfile')} ›
              </Anchor>
            </Stack>
          </Group>
        ) : (
          <Text className={classes.onBrand}>{t('account.profileLoading')}</Text>
        )}
        <Link to="/reward-history" className={classes.coins}>
          <span>
            <Text size="xs" c="dimmed" component="span" display="block">
              {t('account.pointsBalance')}
            </Text>
            <Text fw={800} size="xl" c="brand.8" component="span" data-testid="account-points">
              {profile ? formatNumber(profile.loyalty_points, lang) : '–'}
            </Text>{' '}
            <Text size="sm" component="span">
              {t('account.pointsUnit')}
            </Text>
          </span>
          <Text size="sm" fw={600} c="brand.8" component="span">
            {t('account.viewHistory')} ›
          </Text>
        </Link>
      </Paper>
      {notice}

      <Section title="account.sectionMine" items={MINE} />
      <Section title="account.sectionSettings" items={SETTINGS}>
        <div className={classes.languageRow}>
          <Text id="account-language" size="sm" fw={500}>
            {t('account.language')}
          </Text>
          <SegmentedControl
            aria-labelledby="account-language"
            radius="xl"
            size="sm"
            value={lang}
            onChange={(value) => setLang(value as Lang)}
            data={[
              { value: 'th', label: t('account.languageThai') },
              { value: 'en', label: t('account.languageEnglish') },
            ]}
          />
        </div>
      </Section>
      {notifications}
      <Section title="account.sectionHelp" items={HELP} />
      {privacy}
      {logout}
    </Stack>
  );
}
