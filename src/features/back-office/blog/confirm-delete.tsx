import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useT } from '@/lib/i18n';

/** "Are you sure?" before a delete that cannot be undone, naming what goes; Cancel has the focus. */
export function ConfirmDelete({
  opened,
  title,
  subject,
  deleting,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  subject?: string;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text>{t('blogAdmin.deleteConfirm')}</Text>
      {subject && (
        <Text fw={600} mt="xs">
          {subject}
        </Text>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t('blogAdmin.cancel')}
        </Button>
        <Button color="red" loading={deleting} onClick={onConfirm}>
          {t('blogAdmin.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
