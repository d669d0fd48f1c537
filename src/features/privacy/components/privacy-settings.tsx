import { Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { consentsQuery } from '@/entities/privacy';
import { myDataFileName, useExportMyData } from '@/entities/privacy/my-data';
import { CONSENT_WRITE, useSetConsent } from '@/entities/privacy/set-consent';
import { errorText } from '@/lib/error-text';
import { useT } from '@/lib/i18n';
import { useOutbox } from '@/lib/outbox';
import { saveJsonFile } from '@/lib/save-file';
import { toast } from '@/lib/toast';
import { DeleteAccount } from './delete-account';
import { SettingSwitch, SettingsPanel } from '@/components/settings-panel';
import panel from '@/components/settings-panel.module.css';

/**
 * /my-account's personal data: offers on or off (one tap either way, as the server holds it), a copy of everything
 * as a JSON file, and deleting the account.
 */
export function PrivacySettings({ beforeSignOut }: { beforeSignOut?: () => Promise<unknown> }) {
  const t = useT();
  const consents = useQuery(consentsQuery());
  const marketing = useSetConsent();
  const waiting = useOutbox((e) => e.kind === CONSENT_WRITE && (e.state === 'waiting' || e.state === 'sending'));
  const exporting = useExportMyData();
  const [deleting, setDeleting] = useState(false);
  const offersOn = marketing.isPending ? marketing.variables.granted === 1 : consents.data?.consents.marketing?.granted === 1;

  const download = () =>
    exporting.mutate(undefined, {
      onSuccess: (data) => {
        const file = myDataFileName();
        saveJsonFile(file, data);
        toast({ title: t('privacy.downloadSaved', { file }), status: 'success' });
      },
    });

  return (
    <>
      <SettingsPanel id="account-privacy" title={t('privacy.section')} testId="privacy-settings">
        <div className={panel.block}>
          <SettingSwitch
            id="offers"
            label={t('privacy.offers')}
            hint={t('privacy.offersHint')}
            checked={offersOn}
            disabled={!consents.data || marketing.isPending}
            onChange={(on) => marketing.mutate({ purpose: 'marketing', granted: on ? 1 : 0 })}
            testId="offers-switch"
          />
          {waiting.length > 0 && (
            <Text size="xs" c="dimmed" mt={6} role="status">
              {t('privacy.offersWaiting')}
            </Text>
          )}
          {marketing.isError && (
            <Text size="sm" c="red.9" mt={6} role="alert">
              {errorText(marketing.error, t)}
            </Text>
          )}
        </div>
        <div className={panel.block}>
          <Button variant="light" radius="xl" fullWidth loading={exporting.isPending} onClick={download}>
            {t('privacy.download')}
          </Button>
          <Text size="xs" c="dimmed" mt={6}>
            {t('privacy.downloadHint')}
          </Text>
          {exporting.isError && (
            <Text size="sm" c="red.9" mt={6} role="alert">
              {errorText(exporting.error, t)}
            </Text>
          )}
        </div>
        <div className={panel.block}>
          <Button variant="subtle" color="red" radius="xl" fullWidth onClick={() => setDeleting(true)}>
            {t('privacy.delete')}
          </Button>
          <Text size="xs" c="dimmed" mt={6} ta="center">
            {t('privacy.deleteHint')}
          </Text>
        </div>
      </SettingsPanel>
      <DeleteAccount opened={deleting} onClose={() => setDeleting(false)} beforeSignOut={beforeSignOut} />
    </>
  );
}
