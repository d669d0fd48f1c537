import { Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useT } from '@/lib/i18n';
import classes from './rewards.module.css';
import { BagArt, CakeArt, GiftArt } from './art';

/** /gifts: 'gifts and deals', three promotion banners leading to the real pages. */
export function GiftsPromotions() {
  const t = useT();
  const banners = [
    { to: '/single-blog', cls: classes.promo1, art: <CakeArt size={72} />, title: t('coupons.rwPromoBirthdayTitle'), text: t('coupons.rwPromoBirthdayText') },
    { to: '/reward', cls: classes.promo2, art: <GiftArt size={72} />, title: t('coupons.rwPromoRewardsTitle'), text: t('coupons.rwPromoRewardsText') },
    { to: '/shop', cls: classes.promo3, art: <BagArt size={72} />, title: t('coupons.rwPromoShopTitle'), text: t('coupons.rwPromoShopText') },
  ] as const;
  return (
    <Stack gap="md" p="md">
      {banners.map((b) => (
        <Link key={b.to} to={b.to} className={`${classes.promo} ${b.cls}`}>
          <Text fw={800} size="xl" c="white" maw="70%">
            {b.title}
          </Text>
          <Text size="sm" c="white" maw="70%" mt={4}>
            {b.text}
          </Text>
          <span className={classes.promoEmoji} aria-hidden="true">
            {b.art}
          </span>
        </Link>
      ))}
    </Stack>
  );
}
