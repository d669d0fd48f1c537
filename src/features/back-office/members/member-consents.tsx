import '@mantine/core/styles/Radio.css';
import { useState, type ReactNode } from 'react';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { memberConsentsQuery, memberDataUrl, useSetMemberConsent, type Consents } from '@/entities/admin/privacy';
import { formatMoment } from '@/lib/format/moment';
import { BUSINESS_TIME_ZONE } from '../../../../contracts/business-day';
import { formatNumber } from '@/lib/format/numbers';
import { useLang, useT, type Lang, type Translate } from '@/lib/i18n';
import { failedToast, savedToast } from '../kit/feedback';
import { ModalForm } from '../kit/modal-form';
import { Section } from '../kit/section';

/** The privacy-notice consent in words: the version agreed to and when, and whether the member will be asked again. */
export function noticeConsentText(c: Consents, t: Translate, lang: Lang): string[] {
  const notice = c.consents.privacy_notice;
  if (!notice) return [t('privacyAdmin.noticeNever')];
  // The day of the record in Bangkok, whatever the clock of the screen that shows it.
  const date = formatMoment(notice.at, lang, 'day', BUSINESS_TIME_ZONE);
  if (!notice.granted) return [t('privacyAdmin.noticeWithdrawn', { date })];
  const agreed = t('privacyAdmin.noticeAgreed', { version: formatNumber(notice.version ?? 0, lang), date });
  return notice.version !== null && notice.version < c.current_notice_version
    ? [agreed, t('privacyAdmin.noticeOlder', { version: formatNumber(c.current_notice_version, lang) })]
    : [agreed];
}

/** The marketing consent in words: agreed, declined, or never asked (then no offers are sent). */
export function marketingConsentText(c: Consents, t: Translate, lang: Lang): string {
  const m = c.consents.marketing;
  if (!m) return t('privacyAdmin.marketingNever');
  // The same day in Bangkok.
  const date = formatMoment(m.at, lang, 'day', BUSINESS_TIME_ZONE);
  return m.granted ? t('privacyAdmin.marketingYes', { date }) : t('privacyAdmin.marketingNo', { date });
}

function Line({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

/** A marketing consent the member gave or withdrew to staff, recorded on their behalf (audited by the server). */
function MarketingDialog({ customer, name, granted, onClose }: { customer: string; name: string; granted: boolean; onClose: () => void }) {
  const t = useT();
  const save = useSetMemberConsent();
  const form = useForm({ initialValues: { granted: granted ? '0' : '1' } });
  const submit = ({ granted: g }: { granted: string }) =>
    save.mutate(
      { customer, purpose: 'marketing', granted: g === '1' ? 1 : 0 },
      {
        onSuccess: () => {
          savedToast('privacyAdmin.consentSaved');
          onClose();
        },
        onError: failedToast,
      },
    );
  return (
    <ModalForm title={t('privacyAdmin.marketingTitle', { name })} onClose={onClose} onSubmit={form.onSubmit(submit)} pending={save.isPending}>
      <Radio.Group label={t('privacyAdmin.marketingChoice')} description={t('privacyAdmin.marketingHint')} {...form.getInputProps('granted')}>
        <Stack gap="xs" mt="xs">
          <Radio value="1" label={t('privacyAdmin.marketingGrant')} />
          <Radio value="0" label={t('privacyAdmin.marketingWithdraw')} />
        </Stack>
      </Radio.Group>
    </ModalForm>
  );
}

/**
 * The member's consents for the managers who handle privacy: the notice version agreed to and when, and offers;
 * a marketing consent given to staff is recorded here, and the member's copy of their data downloaded.
 */
export function MemberConsents({ customer, name }: { customer: string; name: string }) {
  const t = useT();
  const [lang] = useLang();
  const consents = useQuery(memberConsentsQuery(customer));
  const [changing, setChanging] = useState(false);
  const c = consents.data;
  return (
    <Section title={t('privacyAdmin.consentsTitle')}>
      <Stack gap="md">
        <div data-testid="member-consents" style={{ display: 'grid', gap: 'var(--mantine-spacing-md)', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
          <Line label={t('privacyAdmin.consentNotice')} testId="member-notice-consent">
            {c ? noticeConsentText(c, t, lang).map((line) => <span key={line} style={{ display: 'block' }}>{line}</span>) : '…'}
          </Line>
          <Line label={t('privacyAdmin.consentMarketing')} testId="member-marketing">
            {c ? marketingConsentText(c, t, lang) : '…'}
          </Line>
        </div>
        <Group gap="sm">
          <Button variant="light" onClick={() => setChanging(true)} disabled={!c}>
            {t('privacyAdmin.changeMarketing')}
          </Button>
          <Button variant="default" component="a" href={memberDataUrl(customer)} download={`member-data-${customer}.json`}>
            {t('privacyAdmin.downloadData')}
          </Button>
        </Group>
      </Stack>
      {changing && c ? <MarketingDialog customer={customer} name={name} granted={c.consents.marketing?.granted === 1} onClose={() => setChanging(false)} /> : null}
    </Section>
  );
}
