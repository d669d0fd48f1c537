import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { imageUrl } from '@/lib/file-url';
import { whenIdle } from '@/lib/idle';
import { useT } from '@/lib/i18n';
import { isCardVisible, productListQuery, type ListArgs } from '../api';
import { CARD_WIDTH, ProductCard } from './product-card';
import { useMinDelay } from '@/hooks/use-min-delay';
import classes from './catalog.module.css';

export interface RewardCarouselProps {
  title: string;
  list: ListArgs;
  /** The display tag cards must carry when they have tags (isCardVisible). */
  displayTag?: string;
  /** Link target of "see all". */
  seeAll?: { to: '/categories'; search?: { group?: string } };
}

export const SKELETON_MS = 1000;

/**
 * Cards a row draws with itself: what a phone shows of it (two and a half 150 px cards at 390 px) and the next one.
 * The others, off screen to the right, follow once the browser is idle: the three rows of the home appear together
 * at the end of their skeleton second, and drawing every card then was one long task the member could not tap through.
 */
export const FIRST_CARDS = 3;

/** A horizontal row of product cards; 3 skeletons for its first second, even when the cards are cached (the row never flickers in). */
export function RewardCarousel({ title, list, displayTag }: RewardCarouselProps) {
  const t = useT();
  const ready = useMinDelay(SKELETON_MS);
  const query = useQuery(productListQuery(list));
  const items = (query.data?.items ?? []).filter((item) => isCardVisible(item, displayTag));
  const id = `carousel-${title.replace(/\W+/g, '-')}`;
  const [allCards, setAllCards] = useState(false);
  const more = ready && items.length > FIRST_CARDS && !allCards;
  useEffect(() => (more ? whenIdle(() => setAllCards(true), 1000, 200) : undefined), [more]);
  // The first cards' images are fetched during the skeleton second, so they are there when the cards are drawn.
  const firstImages = items.slice(0, FIRST_CARDS).flatMap((item) => (item.website_image ? [imageUrl(item.website_image)] : []));
  const firstImagesKey = firstImages.join(' ');
  useEffect(() => {
    // Once the cards are drawn, their own images load them.
    if (!ready) for (const src of firstImagesKey.split(' ').filter(Boolean)) new Image().src = src;
  }, [ready, firstImagesKey]);
  return (
    <section className={classes.carousel} aria-labelledby={id}>
      <Text component="h2" id={id} fw={700} size="lg" px="md" mb={8}>
        {title}
      </Text>
      {!ready || query.isPending ? (
        <div className={classes.row} aria-busy="true" data-testid="carousel-skeleton">
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className={classes.card} style={{ flex: `0 0 ${CARD_WIDTH}px` }} aria-hidden="true">
              <Skeleton height={CARD_WIDTH} radius="md" />
              <div className={classes.titleSlot}>
                <Skeleton height={14} width="80%" />
              </div>
              <div className={classes.pointsSlot}>
                <Skeleton height={14} width="40%" />
              </div>
            </div>
          ))}
        </div>
      ) : query.isError && items.length === 0 ? (
        <Text c="dimmed" size="sm" px="md">
          {t('catalog.listFailed')}
        </Text>
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm" px="md">
          {t('catalog.noRewards')}
        </Text>
      ) : (
        <ul className={classes.row} aria-label={title}>
          {(allCards ? items : items.slice(0, FIRST_CARDS)).map((item, index) => (
            <li key={item.name}>
              <ProductCard item={item} eager={index < FIRST_CARDS} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
