import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useT } from '@/lib/i18n';
import { sessionQuery, useSignOut } from '@/entities/session';
import classes from './admin.module.css';
import { PageHead } from '../kit/page-head';

/** /app: the signed-in admin's profile (the sidebar's profile link). */
export function ProfilePage() {
  const t = useT();
  const navigate = useNavigate();
  const session = useQuery(sessionQuery());
  const signOut = useSignOut({ onSettled: () => navigate({ to: '/blog-admin' }) });
  const info = session.data;
  if (!info) return null;
  const name = info.full_name || info.user;
  return (
    <Stack gap="md">
      <PageHead title={t('blogAdmin.profileTitle')} mb={0} />
      <Paper className={classes.article} withBorder radius="lg">
        <Stack gap="md">
          <Group gap="md">
            <span className={classes.avatar} style={{ width: 56, height: 56, fontSize: 24, color: '#fff' }} aria-hidden>
              {name.slice(0, 1).toUpperCase()}
            </span>
            <div>
              <Text fw={700} size="lg">
                {name}
              </Text>
              <Text size="sm" c="dimmed">
                {t('blogAdmin.profileEmail')}: {info.user}
              </Text>
            </div>
          </Group>
          <Text size="sm">
            {t('blogAdmin.profileRoles')}: {info.roles.join(', ')}
          </Text>
          {info.branch && (
            <Text size="sm">
              {t('blogAdmin.profileBranch')}: {info.branch}
            </Text>
          )}
          <Group>
            <Button component={Link} to="/blog-admin" variant="light">
              {t('blogAdmin.profileManage')}
            </Button>
            <Button
              variant="default"
              loading={signOut.isPending}
              onClick={() => signOut.mutate()}
            >
              {t('backOffice.signOut')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
