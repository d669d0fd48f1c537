import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Input.css';
import { useState } from 'react';
import { Button, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useT } from '@/lib/i18n';
import { categoriesQuery, useCreateCategory, useDeleteCategory, useUpdateCategory, type BlogCategory } from '@/entities/blog';
import { failedToastSaying, httpStatus, savedToast } from '../kit/feedback';
import { ConfirmDelete } from './confirm-delete';
import { TableStatusRows } from './table-status-rows';
import classes from './admin.module.css';
import { ModalForm } from '../kit/modal-form';
import { PageHead } from '../kit/page-head';

type Dialog = { kind: 'add' } | { kind: 'update'; row: BlogCategory } | { kind: 'delete'; row: BlogCategory } | null;

function NameDialog({
  opened,
  title,
  initial,
  saving,
  serverError,
  onClose,
  onSave,
}: {
  opened: boolean;
  title: string;
  initial: string;
  saving: boolean;
  serverError?: string;
  onClose: () => void;
  onSave: (name: string) => void;
}) {
  const t = useT();
  // The server names no rule for a category's name but that it has one; a taken name comes back as serverError.
  const form = useForm({ initialValues: { title: initial }, validate: { title: (title) => (title.trim() ? null : t('blogAdmin.categoryNameRequired')) } });
  const field = form.getInputProps('title');
  return (
    <ModalForm
      opened={opened}
      title={title}
      centered
      onClose={onClose}
      onSubmit={form.onSubmit(({ title: name }) => onSave(name.trim()))}
      cancelLabel={t('blogAdmin.close')}
      submitLabel={t('blogAdmin.save')}
      pending={saving}
    >
      <TextInput label={t('blogAdmin.categoryName')} withAsterisk data-autofocus {...field} error={field.error ?? serverError} maxLength={140} />
    </ModalForm>
  );
}

/** /blog-categories: live rows, with Add, Update (prefilled) and Delete dialogs that close on success. */
export function CategoriesPage() {
  const t = useT();
  const categories = useQuery(categoriesQuery());
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [duplicate, setDuplicate] = useState(false);
  const close = () => {
    setDialog(null);
    setDuplicate(false);
    create.reset();
    update.reset();
    remove.reset();
  };
  const serverError = duplicate ? t('blogAdmin.categoryDuplicate') : undefined;

  return (
    <>
      <PageHead title={t('blogAdmin.categoriesTitle')}>
        <Button onClick={() => setDialog({ kind: 'add' })}>{t('blogAdmin.add')}</Button>
      </PageHead>
      <div className={classes.card}>
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="sm" horizontalSpacing="md" striped highlightOnHover aria-label={t('blogAdmin.categoriesTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th className={classes.wideOnly}>{t('blogAdmin.colId')}</Table.Th>
                <Table.Th>{t('blogAdmin.colCategoryName')}</Table.Th>
                <Table.Th>{t('blogAdmin.colActions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <TableStatusRows query={categories} columns={3} rowHeight={28} empty="blogAdmin.noCategories" />
              {categories.data?.map((row) => (
                <Table.Tr key={row.name} data-testid="category-row">
                  <Table.Td className={`${classes.idCell} ${classes.wideOnly}`}>{row.name}</Table.Td>
                  <Table.Td>
                    {row.title}
                    <Text size="xs" c="dimmed" className={`${classes.idCell} ${classes.narrowOnly}`}>
                      {row.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <div className={classes.actions}>
                      <Button size="xs" variant="outline" onClick={() => setDialog({ kind: 'update', row })} aria-label={t('blogAdmin.editCategory', { title: row.title })}>
                        {t('blogAdmin.edit')}
                      </Button>
                      <Button size="xs" color="red" variant="light" onClick={() => setDialog({ kind: 'delete', row })} aria-label={t('blogAdmin.deleteCategory', { title: row.title })}>
                        {t('blogAdmin.delete')}
                      </Button>
                    </div>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </div>

      {dialog?.kind === 'add' && (
        <NameDialog
          opened
          title={t('blogAdmin.addCategoryTitle')}
          initial=""
          saving={create.isPending}
          serverError={serverError}
          onClose={close}
          onSave={(title) =>
            create.mutate(
              { title },
              {
                onSuccess: () => {
                  savedToast('blogAdmin.toastCategoryCreatedTitle', undefined, 'blogAdmin.toastCategoryCreated');
                  close();
                },
                onError: (error) => {
                  setDuplicate(httpStatus(error) === 409);
                  failedToastSaying(error, 'blogAdmin.toastErrorTitle', 'blogAdmin.toastCategoryCreateError');
                },
              },
            )
          }
        />
      )}
      {dialog?.kind === 'update' && (
        <NameDialog
          opened
          title={t('blogAdmin.updateCategoryTitle')}
          initial={dialog.row.title}
          saving={update.isPending}
          serverError={serverError}
          onClose={close}
          onSave={(title) =>
            update.mutate(
              { name: dialog.row.name, title },
              {
                onSuccess: () => {
                  savedToast('blogAdmin.toastCategoryUpdatedTitle', undefined, 'blogAdmin.toastCategoryUpdated');
                  close();
                },
                onError: (error) => {
                  const dup = httpStatus(error) === 409;
                  setDuplicate(dup);
                  failedToastSaying(error, 'blogAdmin.toastUpdateErrorTitle', dup ? 'blogAdmin.categoryDuplicate' : 'blogAdmin.toastCategoryUpdateError');
                },
              },
            )
          }
        />
      )}
      <ConfirmDelete
        opened={dialog?.kind === 'delete'}
        title={t('blogAdmin.deleteCategoryTitle')}
        subject={dialog?.kind === 'delete' ? dialog.row.title : undefined}
        deleting={remove.isPending}
        onCancel={close}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          remove.mutate(dialog.row.name, {
            onSuccess: () => {
              savedToast('blogAdmin.toastCategoryDeletedTitle', undefined, 'blogAdmin.toastCategoryDeleted');
              close();
            },
            onError: (error) => failedToastSaying(error, 'blogAdmin.toastDeleteErrorTitle', 'blogAdmin.toastCategoryDeleteError'),
          });
        }}
      />
    </>
  );
}
