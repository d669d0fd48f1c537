import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Switch.css';
import { useState } from 'react';
import { Badge, Button, NumberInput, Select, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffAccountsQuery, useCreateStaff, useSendStaffPasswordReset, useUpdateStaff, type StaffRow } from '@/entities/admin';
import { branchesQuery } from '@/entities/branches';
import { bootQuery } from '@/entities/member';
import { CreateStaffArgs, STAFF_ROLES, type StaffRole } from '../../../../contracts/admin';
import { useT, type MessageKey } from '@/lib/i18n';
import { PagedTable, PAGE_SIZE } from '../kit/admin-table';
import { useListSearch, useTypedFilter } from '../kit/list-search';
import { PageHead } from '../kit/page-head';
import { failedToast, savedToast } from '../kit/feedback';
import { contractCheck, ModalForm } from '../kit/modal-form';
import classes from '../kit/back-office.module.css';

const roleLabel = (role: StaffRole): MessageKey => (role === 'Branch Manager' ? 'backOffice.role_BranchManager' : 'backOffice.role_StoreStaff');

function useBranchOptions() {
  const branches = useQuery(branchesQuery());
  return (branches.data ?? []).map((b) => ({ value: b.name, label: b.branch ?? b.name }));
}

const cap = (v: string | number) => (v === '' ? null : Number(v));

interface CreateValues {
  email: string;
  full_name: string;
  branch: string | null;
  role: StaffRole;
  daily_award_cap: number | null;
}

const createArgs = (f: CreateValues) => ({ email: f.email.trim(), full_name: f.full_name.trim(), branch: f.branch ?? '', role: f.role, daily_award_cap: f.daily_award_cap });

/** A cap's box: empty is no cap of the account's own. */
const capInput = (props: { value?: number | null; onChange: (v: number | null) => void }) => ({
  ...props,
  value: props.value ?? '',
  onChange: (v: string | number) => props.onChange(cap(v)),
});

/** A new account at a branch: no password; the person gets a link to set their own. */
function CreateDialog({ onClose, ownBranch }: { onClose: () => void; ownBranch: string | null }) {
  const t = useT();
  const create = useCreateStaff();
  const branches = useBranchOptions();
  const form = useForm<CreateValues>({
    initialValues: { email: '', full_name: '', branch: ownBranch, role: 'Store Staff', daily_award_cap: null },
    validate: contractCheck(CreateStaffArgs, createArgs, t('backOffice.required'), { 'Email is invalid': t('errors.emailInvalid'), 'Full name is too long': t('errors.tooLong') }),
  });
  const save = (values: CreateValues) =>
    create.mutate(createArgs(values), {
      onSuccess: (row) => {
        savedToast(row.reset_sent ? 'backOffice.staffCreatedSent' : 'backOffice.staffCreated', { name: row.full_name });
        onClose();
      },
      onError: failedToast,
    });
  return (
    <ModalForm title={t('backOffice.staffNew')} onClose={onClose} onSubmit={form.onSubmit(save)} submitLabel={t('backOffice.staffCreate')} pending={create.isPending}>
      <TextInput label={t('backOffice.memberEmail')} type="email" withAsterisk {...form.getInputProps('email')} data-autofocus />
      <TextInput label={t('backOffice.staffName')} withAsterisk {...form.getInputProps('full_name')} />
      <Select label={t('backOffice.branch')} withAsterisk data={branches} disabled={Boolean(ownBranch)} {...form.getInputProps('branch')} />
      <Select label={t('backOffice.staffRole')} data={STAFF_ROLES.map((r) => ({ value: r, label: t(roleLabel(r)) }))} allowDeselect={false} {...form.getInputProps('role')} />
      <NumberInput label={t('backOffice.staffCap')} description={t('backOffice.staffCapHint')} min={0} allowDecimal={false} {...capInput(form.getInputProps('daily_award_cap'))} />
    </ModalForm>
  );
}

interface EditValues {
  enabled: boolean;
  branch: string | null;
  daily_award_cap: number | null;
}

/** Enable or disable (disabling signs them out everywhere), move branch (programme managers only), daily cap, reset link. */
function EditDialog({ row, onClose, mayMove }: { row: StaffRow; onClose: () => void; mayMove: boolean }) {
  const t = useT();
  const update = useUpdateStaff();
  const reset = useSendStaffPasswordReset();
  const branches = useBranchOptions();
  const form = useForm<EditValues>({ initialValues: { enabled: row.enabled, branch: row.branch, daily_award_cap: row.daily_award_cap } });
  const save = ({ enabled, branch, daily_award_cap }: EditValues) =>
    update.mutate(
      { user: row.name, enabled, daily_award_cap, ...(mayMove && branch && branch !== row.branch ? { branch } : {}) },
      {
        onSuccess: () => {
          savedToast('backOffice.staffSaved', { name: row.full_name });
          onClose();
        },
        onError: failedToast,
      },
    );
  const resetLink = (
    <Button
      variant="subtle"
      loading={reset.isPending}
      onClick={() => reset.mutate({ user: row.name }, { onSuccess: () => savedToast('backOffice.staffResetSent', { name: row.full_name }), onError: failedToast })}
    >
      {t('backOffice.staffReset')}
    </Button>
  );
  return (
    <ModalForm title={row.full_name} onClose={onClose} onSubmit={form.onSubmit(save)} pending={update.isPending} aside={resetLink}>
      <Switch label={t('backOffice.staffEnabled')} description={t('backOffice.staffEnabledHint')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
      <Select label={t('backOffice.branch')} data={branches} disabled={!mayMove} allowDeselect={false} {...form.getInputProps('branch')} />
      <NumberInput label={t('backOffice.staffCap')} description={t('backOffice.staffCapHint')} min={0} allowDecimal={false} {...capInput(form.getInputProps('daily_award_cap'))} />
    </ModalForm>
  );
}


export function StaffPage() {
  const t = useT();
  const boot = useQuery(bootQuery());
  const roles = boot.data?.roles ?? [];
  const branchManagerOnly = roles.includes('Branch Manager') && !roles.some((r) => r === 'System Manager' || r === 'Loyalty Manager');
  const [{ q, page }, set] = useListSearch({ q: '', page: 1 });
  const [typed, setTyped] = useTypedFilter(q, (text) => set({ q: text, page: 1 }));
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<StaffRow | null>(null);
  const list = useQuery({ ...staffAccountsQuery({ q: q.trim(), include_disabled: true, start: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }), placeholderData: keepPreviousData });
  return (
    <>
      <PageHead title={t('backOffice.staffTitle')}>
        <Button onClick={() => setCreating(true)}>{t('backOffice.staffNew')}</Button>
      </PageHead>
      <div className={classes.filters}>
        <TextInput label={t('backOffice.search')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
      </div>
      <PagedTable<StaffRow>
        label={t('backOffice.staffTitle')}
        idAccessor="name"
        list={list}
        page={page}
        set={set}
        onRowClick={setEditing}
        columns={[
          { accessor: 'full_name', title: t('backOffice.staffName'), render: (r) => <span className={classes.rowLink}>{r.full_name}<span className={classes.code}>{r.email ?? r.name}</span></span> },
          { accessor: 'role', title: t('backOffice.staffRole'), render: (r) => t(roleLabel(r.role)) },
          { accessor: 'branch', title: t('backOffice.branch'), render: (r) => r.branch ?? '–' },
          { accessor: 'daily_award_cap', title: t('backOffice.staffCap'), textAlign: 'right', render: (r) => r.daily_award_cap ?? '–' },
          { accessor: 'enabled', title: t('backOffice.rewardStatus'), render: (r) => <Badge color={r.enabled ? 'teal' : 'gray'}>{r.enabled ? t('backOffice.active') : t('backOffice.disabled')}</Badge> },
        ]}
      />
      {creating ? <CreateDialog onClose={() => setCreating(false)} ownBranch={branchManagerOnly ? (boot.data?.branch ?? null) : null} /> : null}
      {editing ? <EditDialog row={editing} onClose={() => setEditing(null)} mayMove={!branchManagerOnly} /> : null}
    </>
  );
}
