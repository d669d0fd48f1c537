import { Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLang, useT } from '@/lib/i18n';
import { formatNumber } from '@/lib/format/numbers';
import type { Item } from '@/entities/items';
import classes from './rewards.module.css';
import { imageUrl } from '@/lib/file-url';

/** A reward card (150 px wide): image, name and its real points price. */
export function RewardCard({ item }: { item: Item }) {
  const t = useT();
  const [lang] = useLang();
  return (
    <Link to="/reward-details" search={{ item: item.name }} className={classes.card} data-testid="reward-card">
      <div className={classes.cardImage}>{item.website_image && <img src={imageUrl(item.website_image)} alt="" width={150} height={120} loading="lazy" />}</div>
      <Text size="sm" fw={600} lineClamp={2} className={classes.cardName}>
        {item.item_name}
      </Text>
      <Text size="sm" fw={800} c="brand.8">
        {t('common.pointsCount', { count: formatNumber(item.loyalty_points_based_price ?? 0, lang) })}
      </Text>
    </Link>
  );
}

export function RewardRow({ title, items, id }: { title: string; items: Item[]; id: string }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <Text id={id} component="h2" fw={700} size="md" mb={8}>
        {title}
      </Text>
      <ul className={classes.row}>
        {items.map((item) => (
          <li key={item.name}>
            <RewardCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}
