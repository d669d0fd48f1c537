import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Switch.css';
import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { branchCountQuery, managedBranchesQuery, useCreateBranch, useUpdateBranch, type Branch } from '@/entities/branches';
import { useT } from '@/lib/i18n';
import * as v from 'valibot';
import { AdminTable, orderByOf, PAGE_SIZE } from '../kit/admin-table';
import { addressedTable, choiceParam, dirParam, pageParam, sortFrom, useListSearch } from '../kit/list-search';
import { PageHead } from '../kit/page-head';
import { failedToast, savedToast } from '../kit/feedback';
import classes from '../kit/back-office.module.css';

/** Create (the name is fixed once created) or edit; a disabled branch leaves the gift form, its orders still work. */
function BranchDialog({ branch, onClose }: { branch: Branch | null; onClose: () => void }) {
  const t = useT();
  const create = useCreateBranch();
  const update = useUpdateBranch();
  const [name, setName] = useState(branch?.branch ?? branch?.name ?? '');
  const [address, setAddress] = useState(branch?.address ?? '');
  const [hours, setHours] = useState(branch?.opening_hours ?? '08:00-17:30');
  const [phone, setPhone] = useState(branch?.phone ?? '');
  const [disabled, setDisabled] = useState(branch?.disabled ?? false);
  const [touched, setTouched] = useState(false);
  const fields = { branch: name.trim(), address: address.trim(), opening_hours: hours.trim(), phone: phone.trim() || null, disabled };
  const done = {
    onSuccess: () => {
      savedToast('backOffice.branchSaved', { name: name.trim() });
      onClose();
    },
    onError: failedToast,
  };
  const submit = () => {
    setTouched(true);
    if (!name.trim()) return;
    if (branch) update.mutate({ name: branch.name, ...fields }, done);
    else create.mutate(fields, done);
  };
  return (
    <Modal opened onClose={onClose} title={branch ? (branch.branch ?? branch.name) : t('backOffice.branchNew')} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="md">
        <TextInput label={t('backOffice.branchName')} withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} error={touched && !name.trim() ? t('backOffice.required') : undefined} data-autofocus />
        <Textarea label={t('backOffice.branchAddress')} autosize minRows={2} value={address} onChange={(e) => setAddress(e.currentTarget.value)} />
        <TextInput label={t('backOffice.branchHours')} value={hours} onChange={(e) => setHours(e.currentTarget.value)} />
        <TextInput label={t('backOffice.memberPhone')} type="tel" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} />
        {branch ? <Switch label={t('backOffice.branchDisabled')} description={t('backOffice.branchDisabledHint')} checked={disabled} onChange={(e) => setDisabled(e.currentTarget.checked)} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('backOffice.cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending || update.isPending}>
            {t('backOffice.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const SORTABLE = ['name', 'disabled'] as const;

/** The list's address: /admin/branches?page=&sort=&dir= */
export const BRANCHES_SEARCH = v.object({ page: pageParam, sort: choiceParam(SORTABLE), dir: dirParam });

export function BranchesPage() {
  const t = useT();
  const [search, set] = useListSearch({ page: 1, sort: 'name', dir: 'asc' });
  const sort = sortFrom<Branch>(search.sort, search.dir, SORTABLE, { columnAccessor: 'name', direction: 'asc' });
  const { page } = search;
  const [editing, setEditing] = useState<Branch | 'new' | null>(null);
  const list = useQuery({ ...managedBranchesQuery({ orderBy: orderByOf(sort), limit: PAGE_SIZE, limitStart: (page - 1) * PAGE_SIZE }), placeholderData: keepPreviousData });
  const count = useQuery(branchCountQuery());
  return (
    <>
      <PageHead title={t('backOffice.branchesTitle')}>
        <Button onClick={() => setEditing('new')}>{t('backOffice.branchNew')}</Button>
      </PageHead>
      <AdminTable<Branch>
        label={t('backOffice.branchesTitle')}
        records={list.data}
        idAccessor="name"
        fetching={list.isFetching}
        {...addressedTable(sort, page, count.data, set)}
        onRowClick={setEditing}
        columns={[
          { accessor: 'name', title: t('backOffice.branchName'), sortable: true, render: (b) => <span className={classes.rowLink}>{b.branch ?? b.name}</span> },
          { accessor: 'address', title: t('backOffice.branchAddress') },
          { accessor: 'opening_hours', title: t('backOffice.branchHours'), noWrap: true },
          { accessor: 'phone', title: t('backOffice.memberPhone'), noWrap: true, render: (b) => b.phone ?? '–' },
          { accessor: 'disabled', title: t('backOffice.rewardStatus'), sortable: true, render: (b) => <Badge color={b.disabled ? 'gray' : 'teal'}>{b.disabled ? t('backOffice.disabled') : t('backOffice.active')}</Badge> },
        ]}
      />
      {editing ? <BranchDialog branch={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
