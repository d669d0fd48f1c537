import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import * as v from 'valibot';
import { useT } from '@/lib/i18n';
import { adminErrorText } from './feedback';

export interface ModalFormProps {
  title: string;
  opened?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  /** The submit button's words and colour: Save unless the action has its own. */
  submitLabel?: string;
  submitColor?: string;
  cancelLabel?: string;
  pending?: boolean;
  /** A refusal to show inside the dialog (the order dialogs), rather than in a toast. */
  error?: unknown;
  errorTestId?: string;
  /** An action of its own at the footer's start (the staff dialog's reset link). */
  aside?: ReactNode;
  centered?: boolean;
  /** The dialog's width: Mantine's sizes; a long form side by side in two languages is 'xl'. */
  size?: string;
  children: ReactNode;
}

/** Every back-office dialog: a form (Enter submits), its fields, then Cancel and the action at the end. */
export function ModalForm({ title, opened = true, onClose, onSubmit, submitLabel, submitColor, cancelLabel, pending, error, errorTestId, aside, centered, size, children }: ModalFormProps) {
  const t = useT();
  const buttons = (
    <>
      <Button variant="default" onClick={onClose}>
        {cancelLabel ?? t('backOffice.cancel')}
      </Button>
      <Button type="submit" color={submitColor} loading={pending}>
        {submitLabel ?? t('backOffice.save')}
      </Button>
    </>
  );
  // The corner's × is named "Close", unless the form's own Cancel already says "Close" (the blog's dialogs): two
  // buttons of one name would be one too many for a screen reader.
  const cornerLabel = cancelLabel === t('common.close') ? undefined : t('common.close');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered={centered} size={size} closeButtonProps={{ 'aria-label': cornerLabel }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          {children}
          {error ? (
            <Alert color="red" data-testid={errorTestId}>
              {adminErrorText(error)}
            </Alert>
          ) : null}
          {aside ? (
            <Group justify="space-between">
              {aside}
              <Group gap="sm">{buttons}</Group>
            </Group>
          ) : (
            <Group justify="flex-end">{buttons}</Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * A form's check by the contract the server applies to the same arguments (`@mantine/form`'s `validate`): each
 * field the contract refuses shows its message in the manager's language, `say[sentence]` for the contract's
 * sentence, else `fallback` ("Required").
 */
export function contractCheck<V>(schema: v.GenericSchema, argsOf: (values: V) => unknown, fallback: string, say: Record<string, string> = {}, fieldOfWhole?: string) {
  return (values: V): FormErrors => {
    const parsed = v.safeParse(schema, argsOf(values));
    if (parsed.success) return {};
    const errors: FormErrors = {};
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key;
      const field = typeof key === 'string' ? key : fieldOfWhole;
      if (field && !errors[field]) errors[field] = say[issue.message] ?? fallback;
    }
    return errors;
  };
}
