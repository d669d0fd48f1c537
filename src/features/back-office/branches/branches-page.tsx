import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Switch.css';
import { useState } from 'react';
import { Badge, Button, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { branchCountQuery, managedBranchesQuery, useCreateBranch, useUpdateBranch, type Branch } from '@/entities/branches';
import { useT } from '@/lib/i18n';
import { BRANCH_MESSAGES, BranchCreateSchema } from '../../../../contracts/branches';
import { AddressedTable, orderByOf, PAGE_SIZE } from '../kit/admin-table';
import { sortFrom, useListSearch } from '../kit/list-search';
import { SORTABLE } from './search';
import { PageHead } from '../kit/page-head';
import { failedToast, savedToast } from '../kit/feedback';
import { contractCheck, ModalForm } from '../kit/modal-form';
import classes from '../kit/back-office.module.css';

interface BranchValues {
  branch: string;
  address: string;
  opening_hours: string;
  phone: string;
  disabled: boolean;
}

const branchArgs = (f: BranchValues) => ({ branch: f.branch.trim(), address: f.address.trim(), opening_hours: f.opening_hours.trim(), phone: f.phone.trim() || null, disabled: f.disabled });

/** Create (the name is fixed once created) or edit; a disabled branch leaves the gift form, its orders still work. */
function BranchDialog({ branch, onClose }: { branch: Branch | null; onClose: () => void }) {
  const t = useT();
  const create = useCreateBranch();
  const update = useUpdateBranch();
  const form = useForm<BranchValues>({
    initialValues: { branch: branch?.branch ?? branch?.name ?? '', address: branch?.address ?? '', opening_hours: branch?.opening_hours ?? '08:00-17:30', phone: branch?.phone ?? '', disabled: branch?.disabled ?? false },
    validate: contractCheck(BranchCreateSchema, branchArgs, t('backOffice.required'), { [BRANCH_MESSAGES.phone]: t('errors.phoneInvalid'), [BRANCH_MESSAGES.tooLong]: t('errors.tooLong') }),
  });
  const save = (values: BranchValues) => {
    const fields = branchArgs(values);
    const done = {
      onSuccess: () => {
        savedToast('backOffice.branchSaved', { name: fields.branch });
        onClose();
      },
      onError: failedToast,
    };
    if (branch) update.mutate({ name: branch.name, ...fields }, done);
    else create.mutate(fields, done);
  };
  return (
    <ModalForm title={branch ? (branch.branch ?? branch.name) : t('backOffice.branchNew')} onClose={onClose} onSubmit={form.onSubmit(save)} pending={create.isPending || update.isPending}>
      <TextInput label={t('backOffice.branchName')} withAsterisk {...form.getInputProps('branch')} data-autofocus />
      <Textarea label={t('backOffice.branchAddress')} autosize minRows={2} {...form.getInputProps('address')} />
      <TextInput label={t('backOffice.branchHours')} {...form.getInputProps('opening_hours')} />
      <TextInput label={t('backOffice.memberPhone')} type="tel" {...form.getInputProps('phone')} />
      {branch ? <Switch label={t('backOffice.branchDisabled')} description={t('backOffice.branchDisabledHint')} {...form.getInputProps('disabled', { type: 'checkbox' })} /> : null}
    </ModalForm>
  );
}


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
      <AddressedTable<Branch> label={t('backOffice.branchesTitle')} list={list} total={count.data} page={page} sort={sort} set={set}
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
