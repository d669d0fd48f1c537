import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  apiClientsQuery,
  clientSubscriptionsQuery,
  subscriptionDeliveriesQuery,
  useRedeliverWebhook,
  useSetWebhookEnabled,
  useSubscribeForClient,
  type ApiClient,
  type WebhookDelivery,
  type WebhookSubscription,
} from '@/entities/admin/api-clients';
import { formatMoment } from '@/lib/format/moment';
import { formatNumber } from '@/lib/format/numbers';
import { useLang, useT } from '@/lib/i18n';
import { SUBSCRIBE_WEBHOOK_FOR_CLIENT, WEBHOOK_EVENTS, type WebhookEvent } from '../../../../contracts/webhooks';
import { AdminTable, PAGE_SIZE } from '../kit/admin-table';
import { failedToast, savedToast } from '../kit/feedback';
import { useListSearch } from '../kit/list-search';
import { contractCheck, ModalForm } from '../kit/modal-form';
import { PageHead } from '../kit/page-head';
import { Section } from '../kit/section';
import { clientStatus, DISABLED_REASON, EVENT_LABEL, STATUS_COLOR } from './labels';
import { SecretDialog } from './secret-dialog';
import classes from '../kit/back-office.module.css';

const DELIVERY_COLOR: Record<WebhookDelivery['status'], string> = { pending: 'orange', delivered: 'teal', failed: 'red' };

const eventWords = (type: string, t: ReturnType<typeof useT>) => (type in EVENT_LABEL ? t(EVENT_LABEL[type as WebhookEvent]) : type);

interface SubscribeValues {
  url: string;
  events: WebhookEvent[];
}

export const subscribeArgs = (apiKey: string, f: SubscribeValues) => ({ api_key: apiKey, url: f.url.trim(), events: f.events });

/** A URL subscribed on the client's behalf, to the events ticked: its signing secret is answered this once. */
function SubscribeDialog({ client, onClose, onSecret }: { client: ApiClient; onClose: () => void; onSecret: (secret: string) => void }) {
  const t = useT();
  const subscribe = useSubscribeForClient();
  const form = useForm<SubscribeValues>({
    initialValues: { url: '', events: [] },
    validate: contractCheck(SUBSCRIBE_WEBHOOK_FOR_CLIENT.args, (f: SubscribeValues) => subscribeArgs(client.api_key, f), t('apiClientsAdmin.urlInvalid'), {
      'Subscribe to at least one event': t('apiClientsAdmin.eventsRequired'),
      'url is required': t('backOffice.required'),
    }),
  });
  const save = (values: SubscribeValues) =>
    subscribe.mutate(subscribeArgs(client.api_key, values), {
      onSuccess: (answer) => {
        savedToast('apiClientsAdmin.subscribed_toast');
        onSecret(answer.secret);
      },
      onError: failedToast,
    });
  return (
    <ModalForm title={t('apiClientsAdmin.subscribeTitle', { name: client.client_name })} onClose={onClose} onSubmit={form.onSubmit(save)} submitLabel={t('apiClientsAdmin.subscribe')} pending={subscribe.isPending} size="xl">
      <TextInput label={t('apiClientsAdmin.url')} description={t('apiClientsAdmin.urlHint')} placeholder="https://" type="url" withAsterisk {...form.getInputProps('url')} data-autofocus />
      <Checkbox.Group label={t('apiClientsAdmin.eventsLabel')} withAsterisk {...form.getInputProps('events')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" mt={6}>
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox key={event} value={event} label={t(EVENT_LABEL[event])} description={<span className={classes.code}>{event}</span>} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </ModalForm>
  );
}

/** One subscription's deliveries, newest first, a page at a time: each can be sent again now. */
function Deliveries({ subscription, page, onPage }: { subscription: WebhookSubscription; page: number; onPage: (page: number) => void }) {
  const t = useT();
  const [lang] = useLang();
  const redeliver = useRedeliverWebhook();
  const list = useQuery({
    ...subscriptionDeliveriesQuery({ subscription: subscription.subscription, start: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const again = (d: WebhookDelivery) =>
    redeliver.mutate({ delivery: d.delivery }, { onSuccess: () => savedToast('apiClientsAdmin.redelivered_toast', { event: eventWords(d.type, t) }), onError: failedToast });
  return (
    <Section title={t('apiClientsAdmin.deliveries', { url: subscription.url })}>
      <AdminTable<WebhookDelivery>
        label={t('apiClientsAdmin.deliveries', { url: subscription.url })}
        testId="deliveries"
        records={list.data?.deliveries}
        idAccessor="delivery"
        fetching={list.isFetching}
        paged={{ page, onPageChange: onPage, total: list.data?.total }}
        columns={[
          { accessor: 'created_at', title: t('apiClientsAdmin.time'), noWrap: true, render: (d) => formatMoment(d.created_at, lang, 'time') },
          {
            accessor: 'type',
            title: t('apiClientsAdmin.event'),
            render: (d) => (
              <span className={classes.cellText}>
                <span className={classes.cellMain}>{eventWords(d.type, t)}</span>
                <span className={classes.cellNote}>{d.customer}</span>
              </span>
            ),
          },
          {
            accessor: 'status',
            title: t('apiClientsAdmin.status'),
            render: (d) => (
              <span className={classes.cellText}>
                <span>
                  <Badge color={DELIVERY_COLOR[d.status]}>{t(`apiClientsAdmin.delivery_${d.status}`)}</Badge>
                </span>
                {d.status === 'pending' && d.next_attempt_at ? (
                  <span className={classes.cellNote}>{t('apiClientsAdmin.nextAttempt', { time: formatMoment(d.next_attempt_at, lang, 'time') })}</span>
                ) : null}
              </span>
            ),
          },
          { accessor: 'attempts', title: t('apiClientsAdmin.attempts'), textAlign: 'right', render: (d) => t('apiClientsAdmin.attemptsValue', { count: formatNumber(d.attempts, lang) }) },
          {
            accessor: 'last_status',
            title: t('apiClientsAdmin.lastAnswer'),
            render: (d) => (
              <span className={classes.cellText}>
                <span className={classes.cellMain}>{d.last_status ?? (d.last_attempt_at ? t('apiClientsAdmin.noAnswer') : '–')}</span>
                {d.last_response ? (
                  <Text size="xs" c="dimmed" lineClamp={2} title={d.last_response}>
                    {d.last_response}
                  </Text>
                ) : null}
                {d.last_attempt_at ? <span className={classes.cellNote}>{formatMoment(d.last_attempt_at, lang, 'time')}</span> : null}
              </span>
            ),
          },
          {
            accessor: 'delivery',
            title: t('apiClientsAdmin.actions'),
            render: (d) => (
              <Button size="xs" variant="light" loading={redeliver.isPending && redeliver.variables?.delivery === d.delivery} onClick={() => again(d)}>
                {t('apiClientsAdmin.redeliver')}
              </Button>
            ),
          },
        ]}
      />
    </Section>
  );
}

/**
 * /admin/api-clients/<key>: one client's webhook subscriptions, subscribing a URL on its behalf, each subscription's
 * deliveries (the one chosen is in the address), a delivery sent again, an endpoint disabled or enabled.
 */
export function ClientPage({ apiKey }: { apiKey: string }) {
  const t = useT();
  const [lang] = useLang();
  const [{ subscription: chosen, page }, set] = useListSearch({ subscription: '', page: 1 });
  const clients = useQuery(apiClientsQuery());
  const client = clients.data?.find((c) => c.api_key === apiKey);
  const subscriptions = useQuery(clientSubscriptionsQuery(apiKey));
  const setEnabled = useSetWebhookEnabled();
  const [subscribing, setSubscribing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const open = subscriptions.data?.find((s) => s.subscription === chosen);
  const status = client ? clientStatus(client) : null;
  const mayReceive = Boolean(client && !client.revoked_at && client.scopes.includes('webhooks'));
  const toggle = (s: WebhookSubscription) =>
    setEnabled.mutate(
      { subscription: s.subscription, enabled: s.enabled ? 0 : 1 },
      { onSuccess: () => savedToast(s.enabled ? 'apiClientsAdmin.disabled_toast' : 'apiClientsAdmin.enabled_toast'), onError: failedToast },
    );
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/admin/api-clients" size="sm">
        ← {t('apiClientsAdmin.backToList')}
      </Anchor>
      <PageHead
        mb={0}
        title={client?.client_name ?? apiKey}
        sub={
          <Group gap="xs" mt={4}>
            <span className={classes.code}>{apiKey}</span>
            {status ? <Badge color={STATUS_COLOR[status]}>{t(`apiClientsAdmin.status_${status}`)}</Badge> : null}
          </Group>
        }
      >
        <Button onClick={() => setSubscribing(true)} disabled={!mayReceive}>
          {t('apiClientsAdmin.subscribe')}
        </Button>
      </PageHead>
      {client && client.revoked_at ? (
        <Alert color="gray">{t('apiClientsAdmin.revokedNote')}</Alert>
      ) : client && !mayReceive ? (
        <Alert color="blue">{t('apiClientsAdmin.noWebhooksScope')}</Alert>
      ) : null}
      <Section title={t('apiClientsAdmin.subscriptions')}>
        <AdminTable<WebhookSubscription>
          label={t('apiClientsAdmin.subscriptions')}
          testId="subscriptions"
          records={subscriptions.data}
          idAccessor="subscription"
          fetching={subscriptions.isFetching}
          paged={{ page: 1, onPageChange: () => undefined, total: subscriptions.data?.length }}
          columns={[
            {
              accessor: 'url',
              title: t('apiClientsAdmin.url'),
              render: (s) => (
                <span className={classes.cellText}>
                  <span className={classes.cellMain}>{s.url}</span>
                  <span className={classes.cellNote}>{formatMoment(s.created_at, lang, 'day')}</span>
                </span>
              ),
            },
            {
              accessor: 'events',
              title: t('apiClientsAdmin.events'),
              render: (s) => (
                <span className={classes.cellText} title={s.events.join(', ')}>
                  {s.events.map((e) => (
                    <span key={e}>{eventWords(e, t)}</span>
                  ))}
                </span>
              ),
            },
            {
              accessor: 'enabled',
              title: t('apiClientsAdmin.status'),
              render: (s) => (
                <span className={classes.cellText}>
                  <span>
                    <Badge color={s.enabled ? 'teal' : 'gray'}>{s.enabled ? t('apiClientsAdmin.enabled') : t('apiClientsAdmin.disabled')}</Badge>
                  </span>
                  {!s.enabled && s.disabled_reason ? (
                    <span className={classes.cellNote} data-testid="disabled-reason">
                      {s.disabled_reason in DISABLED_REASON ? t(DISABLED_REASON[s.disabled_reason]!) : s.disabled_reason}
                    </span>
                  ) : null}
                </span>
              ),
            },
            {
              accessor: 'subscription',
              title: t('apiClientsAdmin.actions'),
              render: (s) => (
                <Group gap="xs">
                  <Button size="xs" variant={s.subscription === chosen ? 'filled' : 'light'} onClick={() => set({ subscription: s.subscription, page: 1 })}>
                    {t('apiClientsAdmin.showDeliveries')}
                  </Button>
                  <Button size="xs" variant="light" color={s.enabled ? 'red' : 'teal'} loading={setEnabled.isPending && setEnabled.variables?.subscription === s.subscription} onClick={() => toggle(s)}>
                    {s.enabled ? t('apiClientsAdmin.disable') : t('apiClientsAdmin.enable')}
                  </Button>
                </Group>
              ),
            },
          ]}
        />
      </Section>
      {open ? (
        <Deliveries subscription={open} page={page} onPage={(p) => set({ page: p })} />
      ) : subscriptions.data?.length ? (
        <Text size="sm" c="dimmed">
          {t('apiClientsAdmin.chooseSubscription')}
        </Text>
      ) : null}
      {subscribing && client ? (
        <SubscribeDialog
          client={client}
          onClose={() => setSubscribing(false)}
          onSecret={(s) => {
            setSubscribing(false);
            setSecret(s);
          }}
        />
      ) : null}
      {secret ? (
        <SecretDialog
          title={t('apiClientsAdmin.webhookSecretTitle')}
          warning={t('apiClientsAdmin.webhookSecretWarning')}
          credentials={[{ label: t('apiClientsAdmin.signingSecret'), value: secret, testId: 'issued-webhook-secret' }]}
          onClose={() => setSecret(null)}
        />
      ) : null}
    </Stack>
  );
}
