import { Link } from '@tanstack/react-router';
import { useLang, useT } from '@/lib/i18n';
import type { Item } from '../api';
import { imageUrl } from '@/lib/file-url';
import { formatNumber } from '@/lib/format/numbers';
import classes from './catalog.module.css';

export const CARD_WIDTH = 150;

/** A reward card: image, title and points, 150 px wide, linking to /products/{id}. */
export function ProductCard({ item, width = CARD_WIDTH }: { item: Item; width?: number | string }) {
  const t = useT();
  const [lang] = useLang();
  const points = item.loyalty_points_based_price;
  return (
    <Link to="/products/$id" params={{ id: item.name }} className={classes.card} style={{ width }} data-testid="product-card">
      <div className={classes.cardImage}>
        {item.website_image ? <img src={imageUrl(item.website_image)} alt="" loading="lazy" width={150} height={150} /> : null}
      </div>
      <span className={classes.cardTitle}>{item.item_name}</span>
      <span className={classes.cardPoints}>
        {points ? t('catalog.pointsPrice', { count: formatNumber(points, lang) }) : item.formatted_price}
      </span>
    </Link>
  );
}
