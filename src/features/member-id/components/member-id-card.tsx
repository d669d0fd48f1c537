import { Avatar, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { localeOf, useLang, useT } from '@/lib/i18n';
import { Code128Barcode } from '@/components/code128-barcode';
import { MemberQr } from './member-qr';
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
  /** Baht value of the points when the programme has a conversion factor; the Wallet column is hidden otherwise. */
  walletBaht?: number | null;
}

/** /my-id: the member's QR code / CODE128 barcode, tier line and balance card. */
export function MemberIdCard({ code, secondsLeft, codeUnavailable, fullName, userImage, tierName, points, couponCount, walletBaht }: MemberIdCardProps) {
  const t = useT();
  const [lang] = useLang();
  const [tab, setTab] = useState<string | null>('qr');
  const number = new Intl.NumberFormat(localeOf(lang));
  const baht = new Intl.NumberFormat(localeOf(lang), { style: 'currency', currency: 'THB', maximumFractionDigits: 2 });
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
          {tierName && (
            <Text size="sm" fw={600} className={classes.tier} data-testid="tier-line">
              {t('memberId.tierLine', { tier: tierName })}
            </Text>
          )}
        </Stack>
        {code ? (
          <>
            <Tabs value={tab} onChange={setTab} mt="md" variant="pills" radius="xl" keepMounted={false}>
              <Tabs.List grow className={classes.tabs}>
                <Tabs.Tab value="qr">{t('memberId.tabQr')}</Tabs.Tab>
                <Tabs.Tab value="barcode">{t('memberId.tabBarcode')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="qr" pt="md">
                <div className={classes.codeBox}>
                  <MemberQr value={code} label={t('memberId.qrAlt', { code })} />
                </div>
              </Tabs.Panel>
              <Tabs.Panel value="barcode" pt="md">
                <div className={classes.codeBox}>
                  <Code128Barcode value={code} label={t('memberId.barcodeAlt', { code })} testId="member-barcode" />
                </div>
              </Tabs.Panel>
            </Tabs>
            <Text ta="center" mt="xs" ff="monospace" fw={700} size="lg" data-testid="member-code" style={{ letterSpacing: 2 }}>
              {code}
            </Text>
            {secondsLeft != null && (
              <Text ta="center" size="xs" c="dimmed" data-testid="code-countdown">
                {t('memberId.codeChangesIn', { seconds: secondsLeft })}
              </Text>
            )}
          </>
        ) : (
          <Text ta="center" mt="md" c="dimmed" role="status" data-testid="member-code-pending">
            {codeUnavailable ? t('memberId.codeNeedsNetwork') : t('memberId.codePreparing')}
          </Text>
        )}
        <Text ta="center" size="xs" c="dimmed">
          {t('memberId.instruction')}
        </Text>
      </Paper>

      <Paper radius="lg" p="md" withBorder>
        <dl className={classes.balance} data-columns={walletBaht == null ? 2 : 3}>
          {walletBaht != null && (
            <div className={classes.cell} data-testid="wallet">
              <dt>{t('memberId.wallet')}</dt>
              <dd>
                <Link to="/my-account" className={classes.cellLink}>
                  {baht.format(walletBaht)}
                </Link>
              </dd>
            </div>
          )}
          <div className={classes.cell} data-testid="coins">
            <dt>{t('memberId.coins')}</dt>
            <dd>{number.format(points)}</dd>
          </div>
          <div className={classes.cell} data-testid="coupons">
            <dt>{t('memberId.coupon')}</dt>
            <dd>{couponCount == null ? '–' : number.format(couponCount)}</dd>
          </div>
        </dl>
      </Paper>
    </Stack>
  );
}
