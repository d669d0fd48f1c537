import { Link } from '@tanstack/react-router';
import { RewardCardBody } from '@/components/reward-card';
import type { Item } from '../api';
import classes from './catalog.module.css';

export const CARD_WIDTH = 150;

/** A reward card: image, title and points, 150 px wide, linking to /products/{id}. */
export function ProductCard({ item, width = CARD_WIDTH, eager = false }: { item: Item; width?: number | string; eager?: boolean }) {
  return (
    <Link to="/products/$id" params={{ id: item.name }} className={classes.card} style={{ width }} data-testid="product-card">
      <RewardCardBody item={item} eager={eager} />
    </Link>
  );
}
