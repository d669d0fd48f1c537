import { imageUrl } from '@/lib/file-url';
import { formatNumber } from '@/lib/format/numbers';
import { useLang, useT } from '@/lib/i18n';
import classes from './reward-card.module.css';

export interface RewardCardFields {
  item_name: string;
  website_image?: string | null;
  loyalty_points_based_price?: number | null;
  formatted_price?: string;
}

/**
 * What a reward card shows (image, title, points or price): the member catalogue's cards and the back office's
 * live preview draw the same thing, so the preview is what members will see. A card on the first screen is `eager`:
 * a lazy image waits for layout before it is even asked for.
 */
export function RewardCardBody({ item, eager = false }: { item: RewardCardFields; eager?: boolean }) {
  const t = useT();
  const [lang] = useLang();
  const points = item.loyalty_points_based_price;
  return (
    <>
      <div className={classes.image}>{item.website_image ? <img src={imageUrl(item.website_image)} alt="" loading={eager ? 'eager' : 'lazy'} width={150} height={150} /> : null}</div>
      <span className={classes.title}>{item.item_name}</span>
      <span className={classes.price}>{points ? t('catalog.pointsPrice', { count: formatNumber(points, lang) }) : item.formatted_price}</span>
    </>
  );
}
