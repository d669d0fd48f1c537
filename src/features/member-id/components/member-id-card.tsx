import { Avatar, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useLang, useT } from '@/lib/i18n';
import { formatBahtIn, formatNumber } from '@/lib/format/numbers';
import { Code128Barcode } from '@/components/code128-barcode';
import { MEMBER_QR_SIZE } from '@/components/qr-canvas';
import { QrCode } from '@/components/qr-code';
import classes from './member-id.module.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Avatar.css';

export interface MemberIdCardProps {
  /** What the codes carry: the rotating member code (useMemberCode); '' while it is not available yet. */
  code: string;
  /** Seconds until the rotating code changes (the small countdown); hidden when absent. */
  secondsLeft?: number | null;
  /** Why there is no code yet: still preparing, or the first registration needs the network. */
  codeUnavailable?: boolean;
  fullName: string;
  userImage?: string | null;
  /** The member's real tier name; the line is hidden while it is unknown. */
  tierName?: string | null;
  /** Loyalty points balance (Coins). */
  points: number;
  /** Usable reward codes (Coupon); null while unknown. */
  couponCount?: number | null;
  /**
   * Baht value of the points when the programme has a conversion factor; null hides the Wallet column (no factor);
   * undefined (not known yet) keeps the column with a dash.
   */
  walletBaht?: number | null;
}

/** /my-id: the member's QR code / CODE128 barcode, tier line and balance card. */
export function MemberIdCard({ code, secondsLeft, codeUnavailable, fullName, userImage, tierName, points, couponCount, walletBaht }: MemberIdCardProps) {
  const t = useT();
  const [lang] = useLang();
  const [tab, setTab] = useState<string | null>('qr');
  return (
    <Stack gap="md" p="md">
      <Paper radius="xl" p="md" className={classes.card} shadow="sm">
        <Stack align="center" gap={6}>
          <Avatar src={userImage ?? undefined} alt="" size={56} radius="xl" color="brand">
            {fullName.slice(0, 1)}
          </Avatar>
          <Title order={2} size="h4" ta="center">
            {fullName}
          </Title>
          {/* The line keeps its place while the tier loads: nothing below it jumps when it arrives. */}
          {tierName ? (
            <Text size="sm" fw={600} className={classes.tier} data-testid="tier-line">
              {t('memberId.tierLine', { tier: tierName })}
            </Text>
          ) : (
            <Text size="sm" aria-hidden="true" className={classes.tierPlaceholder}>
              {'\u00a0'}
            </Text>
          )}
        </Stack>
        {/* Same geometry with or without a code yet, so the balance card below never shifts. */}
        <Tabs value={tab} onChange={setTab} mt="md" variant="pills" radius="xl" keepMounted={false}>
          <Tabs.List grow className={classes.tabs}>
            <Tabs.Tab value="qr" disabled={!code}>
              {t('memberId.tabQr')}
            </Tabs.Tab>
            <Tabs.Tab value="barcode" disabled={!code}>
              {t('memberId.tabBarcode')}
            </Tabs.Tab>
          </Tabs.List>
          {code ? (
            <>
              <Tabs.Panel value="qr" pt="md">
                <div className={classes.codeBox}>
                  <QrCode value={code} size={MEMBER_QR_SIZE} look="member" label={t('memberId.qrAlt', { code })} testId="member-qr" />
                </div>
              </Tabs.Panel>
              <Tabs.Panel value="barcode" pt="md">
                <div className={classes.codeBox}>
                  <Code128Barcode value={code} label={t('memberId.barcodeAlt', { code })} testId="member-barcode" />
                </div>
              </Tabs.Panel>
            </>
          ) : (
            <div className={classes.codeBox} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
              <Text ta="center" c="dimmed" role="status" data-testid="member-code-pending" px="md">
                {codeUnavailable ? t('memberId.codeNeedsNetwork') : t('memberId.codePreparing')}
              </Text>
            </div>
          )}
        </Tabs>
        <Text ta="center" mt="xs" ff="monospace" fw={700} size="lg" data-testid={code ? 'member-code' : undefined} style={{ letterSpacing: 2 }}>
          {code || '\u00a0'}
        </Text>
        <Text ta="center" size="xs" c="dimmed" data-testid={secondsLeft != null ? 'code-countdown' : undefined}>
          {secondsLeft != null ? t('memberId.codeChangesIn', { seconds: secondsLeft }) : '\u00a0'}
        </Text>
        <Text ta="center" size="xs" c="dimmed">
          {t('memberId.instruction')}
        </Text>
      </Paper>

      <Paper radius="lg" p="md" withBorder>
        <dl className={classes.balance} data-columns={walletBaht === null ? 2 : 3}>
          {walletBaht !== null && (
            <div className={classes.cell} data-testid="wallet">
              <dt>{t('memberId.wallet')}</dt>
              <dd>
                {walletBaht === undefined ? (
                  '–'
                ) : (
                  <Link to="/my-account" className={classes.cellLink}>
                    {formatBahtIn(walletBaht, lang)}
                  </Link>
                )}
              </dd>
            </div>
          )}
          <div className={classes.cell} data-testid="coins">
            <dt>{t('memberId.coins')}</dt>
            <dd>{formatNumber(points, lang)}</dd>
          </div>
          <div className={classes.cell} data-testid="coupons">
            <dt>{t('memberId.coupon')}</dt>
            <dd>{couponCount == null ? '–' : formatNumber(couponCount, lang)}</dd>
          </div>
        </dl>
      </Paper>
    </Stack>
  );
}
