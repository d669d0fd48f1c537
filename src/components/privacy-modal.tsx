import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Loader.css';
import { Button, Checkbox, Loader, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PrivacyNotice } from '../../contracts/privacy-consents';
import { formatDay } from '@/lib/format/dates';
import { today } from '../../contracts/business-day';
import { useLang, useT, type Lang, type MessageKey } from '@/lib/i18n';
import classes from './privacy-modal.module.css';

/** What the modal shows when no published notice can be loaded (offline at sign-in): the catalogue's text. */
const FALLBACK: Array<[MessageKey, MessageKey]> = [
  ['auth.privacy1Title', 'auth.privacy1Body'],
  ['auth.privacy2Title', 'auth.privacy2Body'],
  ['auth.privacy3Title', 'auth.privacy3Body'],
  ['auth.privacy4Title', 'auth.privacy4Body'],
];

/** The notice as its query stands: loaded, loading, or failed (then `retry`). */
export interface NoticeState {
  data: PrivacyNotice | undefined;
  isPending: boolean;
  isError: boolean;
  retry: () => void;
}

export interface PrivacyModalProps {
  opened: boolean;
  notice: NoticeState;
  /** 'sign-in': the LINE button's modal, which can be dismissed. 'renew': a newer notice, asked before any screen. */
  mode?: 'sign-in' | 'renew';
  /** Dismissing it (sign-in only). */
  onClose?: () => void;
  consent: boolean;
  onConsent: (checked: boolean) => void;
  busy: boolean;
  /**
   * Continue with the version of the notice shown; undefined when only the catalogue's text could be shown (then the
   * sign-in records the current version).
   */
  onContinue: (version: number | undefined) => void;
  /** Under the button: the sign-out a member may choose instead of agreeing (renew). */
  footer?: ReactNode;
}

function NoticeText({ notice, lang }: { notice: PrivacyNotice; lang: Lang }) {
  return notice.sections.map((s, i) => (
    <section key={i}>
      <h3>{s.title[lang]}</h3>
      <p>{s.body[lang]}</p>
    </section>
  ));
}

/**
 * The privacy notice and the consent box: the current published notice (in the app's language), or the catalogue's
 * text when none can be loaded at sign-in. Continue stays disabled and grey until the box is ticked. Loaded in a
 * chunk of its own by the screens that show it (LINE's button, the member layout's gate, LIFF), so the Modal, its
 * overlay and the checkbox are not in the first paint.
 */
export function PrivacyModal({ opened, notice, mode = 'sign-in', onClose, consent, onConsent, busy, onContinue, footer }: PrivacyModalProps) {
  const t = useT();
  const [lang] = useLang();
  const renew = mode === 'renew';
  // Asked again, the member agrees to a version they can read: without it there is nothing to agree to.
  const unavailable = renew && notice.isError;
  const title = renew ? t('privacy.renewTitle') : notice.data ? notice.data.title[lang] : t('auth.privacyTitle');
  const intro = renew ? t('privacy.renewIntro') : notice.data ? notice.data.intro[lang] : t('auth.privacyIntro');
  return (
    <Modal
      opened={opened}
      onClose={onClose ?? (() => {})}
      withCloseButton={!renew}
      closeOnEscape={!renew}
      closeOnClickOutside={!renew}
      title={title}
      centered
      radius="lg"
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="privacy-modal"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        {notice.data && (
          <Text size="xs" c="dimmed" data-testid="privacy-version">
            {t('privacy.noticeVersion', { version: notice.data.version, date: formatDay(today(Date.parse(notice.data.published_at)), lang, 'long') })}
          </Text>
        )}
        <div className={classes.policy} tabIndex={0} role="region" aria-label={title}>
          {notice.data ? (
            <>
              {renew && <h3>{notice.data.title[lang]}</h3>}
              <NoticeText notice={notice.data} lang={lang} />
            </>
          ) : notice.isPending ? (
            <Loader size="sm" m="md" aria-label={t('common.loading')} />
          ) : unavailable ? (
            <Text size="sm" role="alert" py="sm">
              {t('privacy.noticeUnavailable')}
            </Text>
          ) : (
            FALLBACK.map(([heading, body]) => (
              <section key={heading}>
                <h3>{t(heading)}</h3>
                <p>{t(body)}</p>
              </section>
            ))
          )}
        </div>
        {unavailable ? (
          <Button fullWidth size="md" radius="xl" variant="light" onClick={notice.retry}>
            {t('privacy.retry')}
          </Button>
        ) : (
          <>
            <Checkbox checked={consent} onChange={(e) => onConsent(e.currentTarget.checked)} label={t('auth.consentLabel')} size="md" />
            <Button
              fullWidth
              size="md"
              radius="xl"
              disabled={!consent || notice.isPending}
              loading={busy}
              onClick={() => onContinue(notice.data?.version)}
            >
              {renew ? t('privacy.agree') : t('auth.continue')}
            </Button>
          </>
        )}
        {footer}
      </Stack>
    </Modal>
  );
}
