import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Alert.css';
import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { apiClientsQuery, useCreateApiClient, useRevokeApiClient, useRotateApiClient, type ApiClient } from '@/entities/admin/api-clients';
import { branchesQuery } from '@/entities/branches';
import { formatMoment } from '@/lib/format/moment';
import { formatNumber } from '@/lib/format/numbers';
import { useLang, useT } from '@/lib/i18n';
import { API_SCOPES, CREATE_API_CLIENT, ROTATE_API_CLIENT, ROTATION_GRACE_HOURS_MAX, type ApiScope } from '../../../../contracts/api-clients';
import { AdminTable, PAGE_SIZE } from '../kit/admin-table';
import { failedToast, savedToast } from '../kit/feedback';
import { useListSearch } from '../kit/list-search';
import { contractCheck, ModalForm } from '../kit/modal-form';
import { PageHead } from '../kit/page-head';
import { clientStatus, SCOPE_SENTENCE, STATUS_COLOR } from './labels';
import { SecretDialog } from './secret-dialog';
import classes from '../kit/back-office.module.css';

/** A key and secret just answered by create or rotate: held only until the manager closes the dialog. */
interface Issued {
  name: string;
  api_key: string;
  api_secret: string;
}

interface CreateValues {
  client_name: string;
  scopes: ApiScope[];
  branch: string | null;
}

export const createClientArgs = (f: CreateValues) => ({ client_name: f.client_name.trim(), scopes: f.scopes, branch: f.branch ?? null });

/** A new client: its name, what it may do (a sentence for each scope), and the branch it acts for, if one. */
function CreateDialog({ onClose, onIssued }: { onClose: () => void; onIssued: (issued: Issued) => void }) {
  const t = useT();
  const create = useCreateApiClient();
  const branches = useQuery(branchesQuery());
  const form = useForm<CreateValues>({
    initialValues: { client_name: '', scopes: [], branch: null },
    validate: contractCheck(CREATE_API_CLIENT.args, createClientArgs, t('backOffice.required'), {
      'Give the client at least one scope': t('apiClientsAdmin.scopesRequired'),
      'Client name is too long': t('errors.tooLong'),
    }),
  });
  const save = (values: CreateValues) =>
    create.mutate(createClientArgs(values), {
      onSuccess: (answer) => {
        savedToast('apiClientsAdmin.created_toast', { name: answer.client.client_name });
        onIssued({ name: answer.client.client_name, api_key: answer.api_key, api_secret: answer.api_secret });
      },
      onError: failedToast,
    });
  return (
    <ModalForm title={t('apiClientsAdmin.newTitle')} onClose={onClose} onSubmit={form.onSubmit(save)} submitLabel={t('apiClientsAdmin.create')} pending={create.isPending} size="lg">
      <TextInput label={t('apiClientsAdmin.name')} description={t('apiClientsAdmin.nameHint')} withAsterisk maxLength={140} {...form.getInputProps('client_name')} data-autofocus />
      <Checkbox.Group label={t('apiClientsAdmin.scopesLabel')} withAsterisk {...form.getInputProps('scopes')}>
        <Stack gap="xs" mt={6}>
          {API_SCOPES.map((scope) => (
            <Checkbox key={scope} value={scope} label={t(SCOPE_SENTENCE[scope])} description={<span className={classes.code}>{scope}</span>} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Select
        label={t('apiClientsAdmin.branchOptional')}
        description={t('apiClientsAdmin.branchHint')}
        placeholder={t('apiClientsAdmin.allBranches')}
        data={(branches.data ?? []).filter((b) => !b.disabled).map((b) => ({ value: b.name, label: b.branch ?? b.name }))}
        clearable
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('branch')}
      />
    </ModalForm>
  );
}

interface RotateValues {
  grace_hours: number | null;
}

/** A new secret; the old one keeps working for the hours given (0 to 24), so the client's system can switch over. */
function RotateDialog({ client, onClose, onIssued }: { client: ApiClient; onClose: () => void; onIssued: (issued: Issued) => void }) {
  const t = useT();
  const [lang] = useLang();
  const rotate = useRotateApiClient();
  const argsOf = (f: RotateValues) => ({ api_key: client.api_key, grace_hours: f.grace_hours });
  const max = formatNumber(ROTATION_GRACE_HOURS_MAX, lang);
  const form = useForm<RotateValues>({
    initialValues: { grace_hours: 0 },
    validate: contractCheck(ROTATE_API_CLIENT.args, argsOf, t('apiClientsAdmin.graceInvalid', { max })),
  });
  const save = ({ grace_hours }: RotateValues) =>
    rotate.mutate(
      { api_key: client.api_key, grace_hours: grace_hours ?? 0 },
      {
        onSuccess: (answer) => {
          savedToast('apiClientsAdmin.rotated_toast', { name: client.client_name });
          onIssued({ name: client.client_name, api_key: answer.api_key, api_secret: answer.api_secret });
        },
        onError: failedToast,
      },
    );
  const hours = form.getInputProps('grace_hours');
  return (
    <ModalForm title={t('apiClientsAdmin.rotateTitle', { name: client.client_name })} onClose={onClose} onSubmit={form.onSubmit(save)} submitLabel={t('apiClientsAdmin.rotate')} pending={rotate.isPending}>
      <NumberInput
        label={t('apiClientsAdmin.graceHours')}
        description={t('apiClientsAdmin.graceHint', { max })}
        min={0}
        max={ROTATION_GRACE_HOURS_MAX}
        allowDecimal={false}
        allowNegative={false}
        // Not clamped on blur: 25 typed is refused in words, never quietly sent as 24.
        clampBehavior="none"
        data-autofocus
        {...hours}
        value={hours.value ?? ''}
        onChange={(v: string | number) => form.setFieldValue('grace_hours', v === '' ? null : Number(v))}
      />
    </ModalForm>
  );
}

/** Revoking is at once and for good: said before it happens. */
function RevokeDialog({ client, onClose }: { client: ApiClient; onClose: () => void }) {
  const t = useT();
  const revoke = useRevokeApiClient();
  const confirm = () =>
    revoke.mutate(
      { api_key: client.api_key },
      {
        onSuccess: () => {
          savedToast('apiClientsAdmin.revoked_toast', { name: client.client_name });
          onClose();
        },
      },
    );
  // A refusal stays in the dialog, in the manager's language, beside what was being confirmed.
  return (
    <ModalForm
      title={t('apiClientsAdmin.revokeTitle', { name: client.client_name })}
      onClose={onClose}
      onSubmit={confirm}
      submitLabel={t('apiClientsAdmin.revoke')}
      submitColor="red"
      pending={revoke.isPending}
      error={revoke.error}
      errorTestId="revoke-error"
    >
      <Alert color="red" data-testid="revoke-what">
        {t('apiClientsAdmin.revokeWhat')}
      </Alert>
    </ModalForm>
  );
}

/** A client's state: active, rotated (with until when the old secret still works, as of `now`) or revoked. */
function StatusCell({ client, now }: { client: ApiClient; now: number }) {
  const t = useT();
  const [lang] = useLang();
  const status = clientStatus(client);
  const graceLeft = status === 'rotated' && client.previous_valid_until && Date.parse(client.previous_valid_until) > now;
  return (
    <span className={classes.cellText}>
      <span>
        <Badge color={STATUS_COLOR[status]}>{t(`apiClientsAdmin.status_${status}`)}</Badge>
      </span>
      {graceLeft ? <span className={classes.cellNote}>{t('apiClientsAdmin.oldSecretUntil', { time: formatMoment(client.previous_valid_until!, lang, 'time') })}</span> : null}
    </span>
  );
}

/**
 * /admin/api-clients: the brand's own systems that call the API, created, rotated and revoked here; a key and
 * secret are shown once, in a dialog, right after create or rotate.
 */
export function ClientsPage() {
  const t = useT();
  const [lang] = useLang();
  const [{ page }, set] = useListSearch({ page: 1 });
  const list = useQuery(apiClientsQuery());
  const branches = useQuery(branchesQuery());
  const branchName = (name: string) => branches.data?.find((b) => b.name === name)?.branch ?? name;
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<ApiClient | null>(null);
  const [revoking, setRevoking] = useState<ApiClient | null>(null);
  const [issued, setIssued] = useState<Issued | null>(null);
  // When the page opened: whether a rotated client's old secret still works is judged at that moment.
  const [now] = useState(() => Date.now());
  const rows = list.data?.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const show = (next: Issued) => {
    setCreating(false);
    setRotating(null);
    setIssued(next);
  };
  return (
    <>
      <PageHead
        title={t('apiClientsAdmin.title')}
        sub={t('apiClientsAdmin.sub')}
      >
        <Button onClick={() => setCreating(true)}>{t('apiClientsAdmin.new')}</Button>
      </PageHead>
      <AdminTable<ApiClient>
        label={t('apiClientsAdmin.title')}
        records={rows}
        idAccessor="api_key"
        fetching={list.isFetching}
        paged={{ page, onPageChange: (p) => set({ page: p }), total: list.data?.length }}
        columns={[
          {
            accessor: 'client_name',
            title: t('apiClientsAdmin.name'),
            render: (c) => (
              <Link to="/admin/api-clients/$key" params={{ key: c.api_key }} className={classes.rowLink}>
                {c.client_name}
                <span className={classes.code}>{c.api_key}</span>
              </Link>
            ),
          },
          {
            accessor: 'scopes',
            title: t('apiClientsAdmin.scopes'),
            render: (c) => (
              <span className={classes.cellText}>
                {c.scopes.map((s) => (
                  <span key={s} className={`${classes.code} ${classes.nowrap}`}>
                    {s}
                  </span>
                ))}
              </span>
            ),
          },
          { accessor: 'branch', title: t('apiClientsAdmin.branch'), render: (c) => (c.branch ? branchName(c.branch) : <span className={classes.nowrap}>{t('apiClientsAdmin.allBranches')}</span>) },
          { accessor: 'created_at', title: t('apiClientsAdmin.created'), noWrap: true, render: (c) => formatMoment(c.created_at, lang, 'day') },
          { accessor: 'last_used_at', title: t('apiClientsAdmin.lastUsed'), render: (c) => (c.last_used_at ? formatMoment(c.last_used_at, lang, 'time') : t('apiClientsAdmin.never')) },
          { accessor: 'revoked_at', title: t('apiClientsAdmin.status'), render: (c) => <StatusCell client={c} now={now} /> },
          {
            accessor: 'created_by',
            title: t('apiClientsAdmin.actions'),
            render: (c) => (
              <Group gap="xs">
                <Button size="xs" variant="light" renderRoot={(props) => <Link {...props} to="/admin/api-clients/$key" params={{ key: c.api_key }} />}>
                  {t('apiClientsAdmin.webhooks')}
                </Button>
                {c.revoked_at ? null : (
                  <>
                    <Button size="xs" variant="light" onClick={() => setRotating(c)}>
                      {t('apiClientsAdmin.rotate')}
                    </Button>
                    <Button size="xs" variant="light" color="red" onClick={() => setRevoking(c)}>
                      {t('apiClientsAdmin.revoke')}
                    </Button>
                  </>
                )}
              </Group>
            ),
          },
        ]}
      />
      {creating ? <CreateDialog onClose={() => setCreating(false)} onIssued={show} /> : null}
      {rotating ? <RotateDialog client={rotating} onClose={() => setRotating(null)} onIssued={show} /> : null}
      {revoking ? <RevokeDialog client={revoking} onClose={() => setRevoking(null)} /> : null}
      {issued ? (
        <SecretDialog
          title={t('apiClientsAdmin.secretTitle', { name: issued.name })}
          warning={t('apiClientsAdmin.secretWarning')}
          credentials={[
            { label: t('apiClientsAdmin.apiKey'), value: issued.api_key, testId: 'issued-key' },
            { label: t('apiClientsAdmin.apiSecret'), value: issued.api_secret, testId: 'issued-secret' },
          ]}
          note={t('apiClientsAdmin.howToSend')}
          onClose={() => setIssued(null)}
        />
      ) : null}
    </>
  );
}
