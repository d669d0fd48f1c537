import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import { Avatar, Badge, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { RejectedWrite, SyncBadge } from '@/components/sync-status';
import { codeText } from '@/lib/error-text';
import { useLang, useT, type MessageKey } from '@/lib/i18n';
import { formatDay } from '@/lib/format/dates';
import { formatNumber } from '@/lib/format/numbers';
import { profileWithChange, useProfileWrite } from '../api';
import type { Profile, Tier } from '../../../../contracts/account';
import classes from './profile.module.css';

export type ViewedProfile = Profile & { tier?: Tier | null };

/** 1-1037-00012-34-5 → x-xxxx-xxxxx-34-5: enough for the member to recognise it, not enough to copy it. */
function maskIdCard(value: string | null | undefined) {
  if (!value) return null;
  const digits = value.replace(/\D/g, '');
  if (digits.length < 4) return value;
  return `${'•'.repeat(digits.length - 3)}${digits.slice(-3)}`;
}

/** /profile: 'Loading...' while the user is absent, then the member's details. */
export function ProfileView({ user: loaded }: { user: ViewedProfile | null }) {
  const t = useT();
  const [lang] = useLang();
  const write = useProfileWrite();
  const navigate = useNavigate();
  // A change waiting in the outbox shows at once, marked 'waiting to sync'; the server's copy replaces it once saved.
  const waiting = write && (write.state === 'waiting' || write.state === 'sending');
  // Never loaded on this device (offline since): the waiting change still shows, with what it sets.
  const partial = !loaded && Boolean(waiting);
  const user = waiting ? profileWithChange(loaded ?? ({} as ViewedProfile), write.args) : loaded;
  const rejectedMessage = (code?: string) => codeText(code, t) ?? t('errors.generic');
  if (!user) {
    return (
      <Text ta="center" py="xl" c="dimmed" role="status">
        {t('auth.loading')}
      </Text>
    );
  }
  const rows: Array<[MessageKey, string | null]> = [
    ...(partial ? [] : ([['auth.memberId', user.name], ['auth.phone', user.phone]] as Array<[MessageKey, string | null]>)),
    ['auth.email', user.email && !user.email.endsWith('@line.me') ? user.email : null],
    ['auth.idCard', maskIdCard(user.id_card_number)],
    ['auth.birthDate', user.birth_date ? formatDay(user.birth_date, lang, 'long') : null],
  ];
  const tierName = user.tier?.tier_name;
  return (
    <Stack gap="md" p="md">
      {write?.state === 'rejected' && (
        <RejectedWrite
          entry={write}
          message={rejectedMessage(write.code)}
          onFix={(entry) => void navigate({ to: '/edit-profile', search: { fix: entry.id } })}
        />
      )}
      <Paper radius="lg" p="lg" className={classes.card}>
        <Stack align="center" gap={6}>
          <Avatar src={user.user_image ?? undefined} alt="" size={88} radius={44} color="brand">
            {user.full_name?.slice(0, 1)}
          </Avatar>
          <Title order={2} size="h3" ta="center">
            {user.full_name}
          </Title>
          {write && write.state !== 'rejected' && <SyncBadge state={write.state} />}
          {tierName && (
            <Badge color="brand" variant="light" size="lg">
              {t('auth.tier')}: {tierName}
            </Badge>
          )}
          {partial ? (
            <Text size="sm" c="dimmed" ta="center" data-testid="profile-partial">
              {t('auth.profileOnlyChange')}
            </Text>
          ) : (
            <Text fw={700} size="lg">
              {t('auth.pointsValue', { count: formatNumber(user.loyalty_points ?? 0, lang) })}
            </Text>
          )}
        </Stack>
      </Paper>
      <Paper radius="lg" withBorder>
        <dl className={classes.list}>
          {rows.map(([label, value]) => (
            <div key={label} className={classes.row}>
              <dt>{t(label)}</dt>
              <dd>{value ?? <span className={classes.unset}>{t('auth.notSet')}</span>}</dd>
            </div>
          ))}
        </dl>
      </Paper>
      <Button component={Link} to="/edit-profile" radius="xl" size="md" variant="light">
        {t('auth.editProfile')}
      </Button>
    </Stack>
  );
}
