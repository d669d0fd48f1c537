import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Code.css';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '@/lib/i18n';

export interface Credential {
  label: string;
  value: string;
  testId: string;
}

/**
 * Credentials shown this once (an API client's key and secret, a webhook's signing secret): each with a copy button,
 * and a warning that closing loses them. The screen that opens it drops the answer when it closes, so nothing shows
 * the secret again. A click beside the dialog does not close it: only a deliberate Close does.
 */
export function SecretDialog({ title, warning, credentials, note, onClose }: { title: string; warning: string; credentials: Credential[]; note?: string; onClose: () => void }) {
  const t = useT();
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="md" data-testid="secret-dialog">
        <Alert color="orange" role="alert" data-testid="secret-warning">
          {warning}
        </Alert>
        {credentials.map((c) => (
          <Stack gap={4} key={c.testId}>
            <Text size="sm" fw={600}>
              {c.label}
            </Text>
            <Group wrap="nowrap" gap="xs" align="center">
              <Code block data-testid={c.testId} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {c.value}
              </Code>
              <CopyButton value={c.value}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                    {copied ? t('apiClientsAdmin.copied') : t('apiClientsAdmin.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        ))}
        {note ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {note}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('apiClientsAdmin.secretDone')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
