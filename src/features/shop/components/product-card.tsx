import { Badge, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useT } from '@/lib/i18n';
import type { Item } from '../api';
import classes from './shop.module.css';
import { imageUrl } from '@/lib/file-url';

/** A shop product: image, name, price (out of stock marked); extra actions (wishlist, cart) from the route. */
export function ProductCard({ item, actions }: { item: Item; actions?: ReactNode }) {
  const t = useT();
  return (
    <article className={classes.card} data-testid="shop-item" data-price={item.price_list_rate}>
      <Link to="/products/$id" params={{ id: item.name }} className={classes.cardLink}>
        <div className={classes.imageBox}>
          {item.website_image ? <img src={imageUrl(item.website_image)} alt="" loading="lazy" width={160} height={160} /> : null}
          {item.in_stock === false && (
            <Badge className={classes.stockBadge} color="gray" variant="filled" size="sm">
              {t('shop.outOfStock')}
            </Badge>
          )}
        </div>
        <Text size="sm" fw={600} lineClamp={2} className={classes.cardName}>
          {item.item_name}
        </Text>
        <Text size="sm" fw={800} c="brand.8">
          {item.formatted_price}
        </Text>
      </Link>
      {actions && <div className={classes.cardActions}>{actions}</div>}
    </article>
  );
}
