import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDay } from '@/lib/format/dates';
import { useLang, useT } from '@/lib/i18n';
import classes from './single-blog.module.css';
import '@mantine/core/styles/Badge.css';

/** The static banner of /single-blog: a drawn birthday cake, no download. */
export function BlogBanner() {
  const t = useT();
  return (
    <div className={classes.banner} role="img" aria-label={t('info.blogBannerAlt')}>
      <svg viewBox="0 0 360 160" width="100%" height="100%" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
        <defs>
          <linearGradient id="sb-bg" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ffdeeb" />
            <stop offset="1" stopColor="#fff4e6" />
          </linearGradient>
        </defs>
        <rect width="360" height="160" fill="url(#sb-bg)" />
        <circle cx="40" cy="30" r="6" fill="#f783ac" />
        <circle cx="320" cy="40" r="8" fill="#ffc078" />
        <circle cx="300" cy="130" r="5" fill="#74c0fc" />
        <circle cx="70" cy="125" r="4" fill="#63e6be" />
        <g transform="translate(180 40)">
          <rect x="-70" y="60" width="140" height="50" rx="10" fill="#c2255c" />
          <rect x="-55" y="25" width="110" height="40" rx="10" fill="#f06595" />
          <path d="M-55 40 q14 12 27 0 t28 0 t27 0 t28 0" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
          <path d="M-70 75 q17 14 35 0 t35 0 t35 0 t35 0" fill="none" stroke="#ffdeeb" strokeWidth="5" strokeLinecap="round" />
          {[-30, 0, 30].map((x) => (
            <g key={x}>
              <rect x={x - 3} y="2" width="6" height="24" rx="2" fill="#fff" />
              <path d={`M${x} -12 q6 8 0 14 q-6 -6 0 -14`} fill="#ffa94d" />
            </g>
          ))}
        </g>
      </svg>
    </div>
  );
}

export interface BirthdayPromotionProps {
  /** The member's birth date (YYYY-MM-DD) when known: the card names their month. */
  birthDate?: string | null;
}

/** The birthday-month promotion card: 50% off, once a year, during the member's birthday month. */
export function BirthdayPromotion({ birthDate }: BirthdayPromotionProps) {
  const t = useT();
  const [lang] = useLang();
  const month = birthDate && /^\d{4}-\d{2}-\d{2}$/.test(birthDate) ? formatDay(birthDate, lang, 'month') : null;
  return (
    <Paper className={classes.promo} radius="lg" p="md" withBorder>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Badge color="brand" variant="light" radius="sm" w="fit-content">
            {t('info.promoBadge')}
          </Badge>
          <Title order={2} size="h4">
            {t('info.promoTitle')}
          </Title>
          <Text size="sm">{t('info.promoText')}</Text>
          <Text size="xs" c="dimmed">
            {month ? t('info.promoPeriodMonth', { month }) : t('info.promoPeriod')}
          </Text>
        </Stack>
        <div className={classes.discount} aria-hidden="true">
          <span>50%</span>
          <small>OFF</small>
        </div>
      </Group>
    </Paper>
  );
}
