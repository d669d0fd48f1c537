import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Switch.css';
import { useState } from 'react';
import { Badge, Button, Group, Modal, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffAccountsQuery, useCreateStaff, useSendStaffPasswordReset, useUpdateStaff, type StaffRow } from '@/entities/admin';
import { branchesQuery } from '@/entities/branches';
import { bootQuery } from '@/entities/member';
import { STAFF_ROLES, type StaffRole } from '../../../../contracts/admin';
import { useT, type MessageKey } from '@/lib/i18n';
import * as v from 'valibot';
import { AdminTable, PAGE_SIZE } from '../kit/admin-table';
import { pageParam, textParam, useListSearch, useTypedFilter } from '../kit/list-search';
import { PageHead } from '../kit/page-head';
import { failedToast, savedToast } from '../kit/feedback';
import classes from '../kit/back-office.module.css';

const roleLabel = (role: StaffRole): MessageKey => (role === 'Branch Manager' ? 'backOffice.role_BranchManager' : 'backOffice.role_StoreStaff');

function useBranchOptions() {
  const branches = useQuery(branchesQuery());
  return (branches.data ?? []).map((b) => ({ value: b.name, label: b.branch ?? b.name }));
}

const cap = (v: string | number) => (v === '' ? null : Number(v));

/** A new account at a branch: no password; the person gets a link to set their own. */
function CreateDialog({ opened, onClose, ownBranch }: { opened: boolean; onClose: () => void; ownBranch: string | null }) {
  const t = useT();
  const create = useCreateStaff();
  const branches = useBranchOptions();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [branch, setBranch] = useState<string | null>(ownBranch);
  const [role, setRole] = useState<StaffRole>('Store Staff');
  const [dailyCap, setDailyCap] = useState<number | null>(null);
  const [touched, setTouched] = useState(false);
  const submit = () => {
    setTouched(true);
    if (!email.trim() || !name.trim() || !branch) return;
    create.mutate(
      { email: email.trim(), full_name: name.trim(), branch, role, daily_award_cap: dailyCap },
      {
        onSuccess: (row) => {
          savedToast(row.reset_sent ? 'backOffice.staffCreatedSent' : 'backOffice.staffCreated', { name: row.full_name });
          onClose();
        },
        onError: failedToast,
      },
    );
  };
  const req = (bad: boolean) => (touched && bad ? t('backOffice.required') : undefined);
  return (
    <Modal opened={opened} onClose={onClose} title={t('backOffice.staffNew')} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="md">
        <TextInput label={t('backOffice.memberEmail')} type="email" withAsterisk value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={req(!email.trim())} data-autofocus />
        <TextInput label={t('backOffice.staffName')} withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} error={req(!name.trim())} />
        <Select label={t('backOffice.branch')} withAsterisk data={branches} value={branch} onChange={setBranch} disabled={Boolean(ownBranch)} error={req(!branch)} />
        <Select label={t('backOffice.staffRole')} data={STAFF_ROLES.map((r) => ({ value: r, label: t(roleLabel(r)) }))} value={role} allowDeselect={false} onChange={(v) => setRole((v ?? 'Store Staff') as StaffRole)} />
        <NumberInput label={t('backOffice.staffCap')} description={t('backOffice.staffCapHint')} min={0} allowDecimal={false} value={dailyCap ?? ''} onChange={(v) => setDailyCap(cap(v))} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('backOffice.cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            {t('backOffice.staffCreate')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Enable or disable (disabling signs them out everywhere), move branch (programme managers only), daily cap, reset link. */
function EditDialog({ row, onClose, mayMove }: { row: StaffRow; onClose: () => void; mayMove: boolean }) {
  const t = useT();
  const update = useUpdateStaff();
  const reset = useSendStaffPasswordReset();
  const branches = useBranchOptions();
  const [enabled, setEnabled] = useState(row.enabled);
  const [branch, setBranch] = useState<string | null>(row.branch);
  const [dailyCap, setDailyCap] = useState<number | null>(row.daily_award_cap);
  const save = () =>
    update.mutate(
      { user: row.name, enabled, daily_award_cap: dailyCap, ...(mayMove && branch && branch !== row.branch ? { branch } : {}) },
      {
        onSuccess: () => {
          savedToast('backOffice.staffSaved', { name: row.full_name });
          onClose();
        },
        onError: failedToast,
      },
    );
  return (
    <Modal opened onClose={onClose} title={row.full_name} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="md">
        <Switch label={t('backOffice.staffEnabled')} description={t('backOffice.staffEnabledHint')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
        <Select label={t('backOffice.branch')} data={branches} value={branch} onChange={setBranch} disabled={!mayMove} allowDeselect={false} />
        <NumberInput label={t('backOffice.staffCap')} description={t('backOffice.staffCapHint')} min={0} allowDecimal={false} value={dailyCap ?? ''} onChange={(v) => setDailyCap(cap(v))} />
        <Group justify="space-between">
          <Button
            variant="subtle"
            loading={reset.isPending}
            onClick={() => reset.mutate({ user: row.name }, { onSuccess: () => savedToast('backOffice.staffResetSent', { name: row.full_name }), onError: failedToast })}
          >
            {t('backOffice.staffReset')}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('backOffice.cancel')}
            </Button>
            <Button onClick={save} loading={update.isPending}>
              {t('backOffice.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The list's address: /admin/staff?q=&page= */
export const STAFF_SEARCH = v.object({ q: textParam, page: pageParam });

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
      <AdminTable<StaffRow>
        label={t('backOffice.staffTitle')}
        records={list.data?.rows}
        idAccessor="name"
        fetching={list.isFetching}
        paged={{ page, onPageChange: (p) => set({ page: p }), total: list.data?.total }}
        onRowClick={setEditing}
        columns={[
          { accessor: 'full_name', title: t('backOffice.staffName'), render: (r) => <span className={classes.rowLink}>{r.full_name}<span className={classes.code}>{r.email ?? r.name}</span></span> },
          { accessor: 'role', title: t('backOffice.staffRole'), render: (r) => t(roleLabel(r.role)) },
          { accessor: 'branch', title: t('backOffice.branch'), render: (r) => r.branch ?? '–' },
          { accessor: 'daily_award_cap', title: t('backOffice.staffCap'), textAlign: 'right', render: (r) => r.daily_award_cap ?? '–' },
          { accessor: 'enabled', title: t('backOffice.rewardStatus'), render: (r) => <Badge color={r.enabled ? 'teal' : 'gray'}>{r.enabled ? t('backOffice.active') : t('backOffice.disabled')}</Badge> },
        ]}
      />
      {creating ? <CreateDialog opened onClose={() => setCreating(false)} ownBranch={branchManagerOnly ? (boot.data?.branch ?? null) : null} /> : null}
      {editing ? <EditDialog row={editing} onClose={() => setEditing(null)} mayMove={!branchManagerOnly} /> : null}
    </>
  );
}
