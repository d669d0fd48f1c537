import { TitledText } from '@/components/titled-text';
import '@mantine/core/styles/Switch.css';
import { Button, Skeleton, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isFrappeClientError } from '@/lib/frappe';
import { useLang, useT, type MessageKey } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { toast } from '@/lib/toast';
import { NOTIFICATION_TOPICS, type NotificationChannel, type NotificationTopic } from '../../../../contracts/notifications';
import { settingsQuery, useUpdateSettings } from '@/entities/notifications';
import { currentSubscription, disablePush, enablePush, permission, pushSupport, refreshPush } from '../push';
import { SettingSwitch, SettingsPanel } from '@/components/settings-panel';
import panel from '@/components/settings-panel.module.css';
import classes from './notifications.module.css';

type DeviceState = 'checking' | 'on' | 'off' | 'working';

/** A refusal the server explains with a code, in the member's language; anything else is the generic failure. */
export function failureMessage(error: unknown, t: ReturnType<typeof useT>, fallback: MessageKey): string {
  const code = isFrappeClientError(error) ? error.code : undefined;
  if (code === 'push_unavailable' || code === 'push_endpoint_not_allowed' || code === 'push_endpoint_in_use') return t(`notifications.err_${code}`);
  return t(fallback);
}

/**
 * This device's notifications: on or off, turned on only by a tap (the browser's permission prompt never
 * appears by itself), and on an iPhone not added to the Home Screen an explanation instead.
 */
function DeviceRow({ serverHasPush }: { serverHasPush: boolean }) {
  const t = useT();
  const [lang] = useLang();
  const [state, setState] = useState<DeviceState>('checking');
  const [note, setNote] = useState<MessageKey | null>(null);
  const support = pushSupport();

  useEffect(() => {
    let live = true;
    if (support !== 'supported') return;
    void currentSubscription()
      .then((sub) => {
        if (!live) return;
        const on = Boolean(sub) && permission() === 'granted';
        setState(on ? 'on' : 'off');
        // Re-registered each time: the browser may have renewed it, or another member used this phone before.
        if (on) void refreshPush(lang).catch(() => undefined);
      })
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, [support, lang]);

  if (support === 'ios-install') {
    return (
      <div className={panel.block} data-testid="push-ios-hint">
        <TitledText order={3} size="sm" title={t('notifications.iosTitle')} text={t('notifications.iosHint')} />
      </div>
    );
  }
  if (support === 'unsupported' || !serverHasPush) {
    return (
      <div className={panel.block}>
        <Text size="sm" c="dimmed">
          {t(serverHasPush ? 'notifications.unsupported' : 'notifications.pushServerOff')}
        </Text>
      </div>
    );
  }

  const on = state === 'on';
  const turnOn = async () => {
    setState('working');
    setNote(null);
    try {
      const outcome = await enablePush(lang);
      setState(outcome === 'enabled' ? 'on' : 'off');
      if (outcome !== 'enabled') setNote(outcome === 'denied' ? 'notifications.blocked' : 'notifications.dismissed');
    } catch (error) {
      setState('off');
      toast({ title: failureMessage(error, t, 'notifications.failed'), status: 'error' });
    }
  };
  const turnOff = async () => {
    setState('working');
    try {
      await disablePush();
      setState('off');
    } catch {
      setState('on');
      toast({ title: t('notifications.saveFailed'), status: 'error' });
    }
  };
  const blocked = permission() === 'denied';
  return (
    <div className={panel.block}>
      <div className={classes.deviceHead}>
        <Text fw={600} size="sm" id="push-device-title">
          {t('notifications.deviceTitle')}
        </Text>
        <Text size="sm" fw={600} c={on ? 'teal.9' : 'dimmed'} data-testid="push-device-state">
          {state === 'checking' ? '…' : on ? t('notifications.deviceOn') : t('notifications.deviceOff')}
        </Text>
      </div>
      {blocked && !on ? (
        <Text size="sm" c="dimmed" mt={6}>
          {t('notifications.blocked')}
        </Text>
      ) : (
        <Button
          mt="xs"
          radius="xl"
          variant={on ? 'default' : 'filled'}
          fullWidth
          loading={state === 'working' || state === 'checking'}
          onClick={() => void (on ? turnOff() : turnOn())}
          aria-describedby="push-device-title"
        >
          {on ? t('notifications.disable') : t('notifications.enable')}
        </Button>
      )}
      {note && !blocked && (
        <Text size="sm" c="dimmed" mt={6} role="status">
          {t(note)}
        </Text>
      )}
    </div>
  );
}

const TOPIC_LABEL: Record<NotificationTopic, MessageKey> = {
  points: 'notifications.topic_points',
  rewards: 'notifications.topic_rewards',
  orders: 'notifications.topic_orders',
  expiry: 'notifications.topic_expiry',
  campaigns: 'notifications.topic_campaigns',
};
const CHANNEL_LABEL: Record<NotificationChannel, MessageKey> = { webpush: 'notifications.channelPush', line: 'notifications.channelLine' };

/** One topic: a switch per channel (a channel the member cannot use stays off and disabled). */
function TopicRow(props: {
  label: string;
  flags: Record<NotificationChannel, boolean>;
  available: Record<NotificationChannel, boolean>;
  disabled: boolean;
  onChange: (channel: NotificationChannel, on: boolean) => void;
}) {
  const t = useT();
  return (
    <>
      <Text size="sm">{props.label}</Text>
      {(['webpush', 'line'] as const).map((channel) => (
        <div key={channel} className={classes.cell}>
          <Switch
            size="md"
            checked={props.available[channel] && props.flags[channel]}
            disabled={props.disabled || !props.available[channel]}
            onChange={(e) => props.onChange(channel, e.currentTarget.checked)}
            aria-label={t('notifications.switchLabel', { topic: props.label, channel: t(CHANNEL_LABEL[channel]) })}
            classNames={{ track: classes.track }}
          />
        </div>
      ))}
    </>
  );
}

/** /my-account's notification settings: this device, each topic per channel, quiet hours. */
export function NotificationSettings() {
  const t = useT();
  const [lang] = useLang();
  const online = useOnline();
  const settings = useQuery(settingsQuery());
  const update = useUpdateSettings();
  const data = settings.data;

  // LINE messages are written in the member's language: the app's language on the device they use (told once per
  // language: a refusal is not retried in a loop).
  const { mutate } = update;
  const savedLanguage = data?.language;
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!online || !savedLanguage || savedLanguage === lang || told.current === lang) return;
    told.current = lang;
    mutate({ language: lang });
  }, [online, lang, savedLanguage, mutate]);

  const save = (change: Parameters<typeof update.mutate>[0]) =>
    update.mutate(change, { onError: (error) => toast({ title: failureMessage(error, t, 'notifications.saveFailed'), status: 'error' }) });

  return (
    <SettingsPanel id="account-notifications" title={t('notifications.title')} testId="notification-settings">
        {!data ? (
          settings.isError ? (
            <div className={panel.block}>
              <Text size="sm">{t('notifications.loadFailed')}</Text>
              <Button mt="xs" variant="light" radius="xl" onClick={() => void settings.refetch()}>
                {t('notifications.retry')}
              </Button>
            </div>
          ) : (
            <div className={panel.block} aria-busy="true">
              <Skeleton height={20} width="60%" mb="sm" />
              <Skeleton height={36} radius="xl" />
            </div>
          )
        ) : (
          <>
            <DeviceRow serverHasPush={data.channels.webpush.available} />
            <div className={panel.block}>
              <div className={classes.grid} role="group" aria-labelledby="notification-topics">
                <Text id="notification-topics" size="sm" fw={600}>
                  {t('notifications.topicsTitle')}
                </Text>
                {(['webpush', 'line'] as const).map((channel) => (
                  <Text key={channel} size="xs" fw={600} c="dimmed" ta="center" aria-hidden="true">
                    {t(CHANNEL_LABEL[channel])}
                  </Text>
                ))}
                {NOTIFICATION_TOPICS.map((topic) => (
                  <TopicRow
                    key={topic}
                    label={t(TOPIC_LABEL[topic])}
                    flags={data.topics[topic]}
                    available={{ webpush: data.channels.webpush.available, line: data.channels.line.available }}
                    disabled={!online}
                    onChange={(channel, on) => save({ topics: { [topic]: { [channel]: on } } })}
                  />
                ))}
              </div>
              {!data.channels.line.available && (
                <Text size="xs" c="dimmed" mt="xs">
                  {t('notifications.lineHint')}
                </Text>
              )}
            </div>
            <SettingSwitch
              id="quiet-hours"
              className={`${panel.block} ${classes.quiet}`}
              label={t('notifications.quietTitle')}
              hint={t('notifications.quietHint')}
              checked={data.quiet_hours}
              disabled={!online}
              onChange={(on) => save({ quiet_hours: on })}
              trackClassName={classes.track}
            />
            {!online && (
              <Text size="xs" c="dimmed" px="md" pb="sm">
                {t('notifications.offline')}
              </Text>
            )}
          </>
        )}
    </SettingsPanel>
  );
}
