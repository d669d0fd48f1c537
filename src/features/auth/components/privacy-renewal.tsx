import '@mantine/core/styles/Alert.css';
import { Alert, Button } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { dropBootCard } from '@/components/boot-card';
import { useSetConsent } from '@/entities/privacy/set-consent';
import { useSignOut } from '@/entities/session';
import { errorText } from '@/lib/error-text';
import { useT } from '@/lib/i18n';
import { PrivacyModal } from '@/components/privacy-modal';
import { useNoticeState } from '@/entities/privacy/notice-state';

/**
 * A newer privacy notice: the modal that cannot be dismissed. Agreeing records the version read (set_consent);
 * signing out is the other way out.
 */
export default function PrivacyRenewal({ beforeSignOut }: { beforeSignOut?: () => Promise<unknown> }) {
  const t = useT();
  const navigate = useNavigate();
  const [consent, setConsent] = useState(false);
  // The member card the boot module painted from the device's code (/my-id) is a member screen too: it goes.
  useEffect(() => dropBootCard(), []);
  const agree = useSetConsent();
  const notice = useNoticeState(true);
  const signOut = useSignOut({ beforeSignOut, onSettled: () => navigate({ to: '/login', replace: true }) });
  return (
    <PrivacyModal
      opened
      notice={notice}
      mode="renew"
      consent={consent}
      onConsent={setConsent}
      busy={agree.isPending}
      onContinue={(version) => {
        if (version !== undefined) agree.mutate({ purpose: 'privacy_notice', granted: 1, version });
      }}
      footer={
        <>
          {agree.isError && (
            <Alert color="red" role="alert" radius="md">
              {errorText(agree.error, t)}
            </Alert>
          )}
          <Button variant="subtle" color="gray" radius="xl" loading={signOut.isPending} disabled={agree.isPending} onClick={() => signOut.mutate()}>
            {t('privacy.signOut')}
          </Button>
        </>
      }
    />
  );
}
