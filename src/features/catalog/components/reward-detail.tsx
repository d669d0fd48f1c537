import { Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useLang, useT } from '@/lib/i18n';
import { imageUrl } from '@/lib/file-url';
import { formatDay } from '@/lib/format/dates';
import { formatBaht, formatNumber } from '@/lib/format/numbers';
import { isCardVisible, type Item } from '../api';
import { SafeHtml } from '@/components/safe-html';
import classes from './catalog.module.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Divider.css';

export interface RewardDetailProps {
  item: Item;
  /** The member's points; null while unknown (the button waits). */
  memberPoints: number | null;
  conditionsHtml?: string | null;
  /** Set once a reward was redeemed from this screen (the detail route never sets it: the order screens show it). */
  redeemed?: boolean;
  onRedeem: () => void;
  /** Products (not rewards) can also go into the cart without leaving the page. */
  onAddToCart?: () => void;
}

/** /products/{id}: image, badges, points, validity, description, conditions and the fixed redeem button. */
export function RewardDetail({ item, memberPoints, conditionsHtml, redeemed = false, onRedeem, onAddToCart }: RewardDetailProps) {
  const t = useT();
  const [lang] = useLang();
  const points = item.loyalty_points_based_price ?? 0;
  const isReward = points > 0;
  const available = isCardVisible(item, undefined);
  const short = isReward && memberPoints !== null && points > memberPoints;
  const disabled = redeemed || !available || item.in_stock === false || (isReward && (memberPoints === null || short));
  const description = item.desc ?? item.description ?? '';
  const price = item.formatted_price ?? formatBaht(item.price_list_rate);
  return (
    <>
      <div className={`${classes.detailImage} ${redeemed ? classes.dimmed : ''}`}>
        {item.website_image ? <img src={imageUrl(item.website_image)} alt={item.item_name} width={390} height={292} /> : null}
      </div>
      <Stack gap="sm" p="md">
        <Group gap={6}>
          {isReward && (
            <Badge color="brand" variant="light" radius="sm">
              {t('catalog.useInStore')}
            </Badge>
          )}
          {redeemed && (
            <Badge color="gray" variant="filled" radius="sm">
              {t('catalog.redeemed')}
            </Badge>
          )}
        </Group>
        <Title order={2} size="h3">
          {item.item_name}
        </Title>
        {isReward ? (
          <Group justify="space-between" align="baseline">
            <div>
              <Text size="xs" c="dimmed">
                {t('catalog.pointsRequired')}
              </Text>
              <Text fw={800} size="xl" c="brand.7" data-testid="points-required">
                {t('catalog.pointsPrice', { count: formatNumber(points, lang) })}
              </Text>
            </div>
            {item.price_list_rate > 0 && (
              <Text size="sm" c="dimmed">
                {t('catalog.worth', { price })}
              </Text>
            )}
          </Group>
        ) : (
          <Text fw={800} size="xl" c="brand.7">
            {price}
          </Text>
        )}
        {item.item_schedule_end && (
          <Text size="sm" c="dimmed">
            {t('catalog.validUntil', { date: formatDay(item.item_schedule_end, lang) })}
          </Text>
        )}
        <Divider />
        <Text component="h3" fw={700}>
          {t('catalog.description')}
        </Text>
        <SafeHtml html={description} className={classes.html} />
        {isReward && conditionsHtml ? (
          <>
            <Divider />
            <Text component="h3" fw={700}>
              {t('catalog.conditions')}
            </Text>
            <SafeHtml html={conditionsHtml} className={classes.html} />
          </>
        ) : null}
      </Stack>
      <div className={classes.barSpacer} />
      <div className={classes.fixedBar} data-bottom-bar>
        {short && memberPoints !== null && (
          <Text size="xs" c="dimmed" ta="center" mb={6}>
            {t('catalog.notEnoughPoints', { count: formatNumber(memberPoints, lang) })}
          </Text>
        )}
        {!available && (
          <Text size="xs" c="dimmed" ta="center" mb={6}>
            {t('catalog.notAvailable')}
          </Text>
        )}
        <Group gap="sm" wrap="nowrap" grow>
          {!isReward && onAddToCart && (
            <Button size="lg" radius="xl" variant="light" disabled={disabled} onClick={onAddToCart} data-testid="add-to-cart">
              {t('catalog.addToCart')}
            </Button>
          )}
          <Button
            fullWidth
            size="lg"
            radius="xl"
            disabled={disabled}
            color={disabled ? 'gray' : 'brand'}
            onClick={onRedeem}
            data-testid="redeem-button"
          >
            {item.in_stock === false ? t('catalog.outOfStock') : isReward ? t('catalog.redeem') : t('catalog.buyNow')}
          </Button>
        </Group>
      </div>
    </>
  );
}
