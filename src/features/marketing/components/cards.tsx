import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Rating.css';
import { Badge, Rating, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDay } from '@/lib/format/dates';
import { formatAmount } from '@/lib/format/numbers';
import { useLang, useT } from '@/lib/i18n';
import { excerpt, type BlogPost, type Branch } from '../api';
import { BRANCH_IMAGES, CATEGORY_LABELS, type Product, type ProductRating } from '../data';
import { useProductRatings } from '../store';
import classes from './site.module.css';
import { imageUrl } from '@/lib/file-url';

/** Stars for a rating that reviews gave; the screen reader hears the average. */
export function Stars({ rating, size }: { rating: ProductRating; size: 'xs' | 'sm' | 'md' }) {
  const t = useT();
  const average = (Math.round(rating.average * 10) / 10).toFixed(1);
  return (
    <span role="img" aria-label={t('marketing.ratingLabel', { rating: average })} data-testid="product-rating">
      <Rating value={rating.average} fractions={10} readOnly size={size} aria-hidden />
    </span>
  );
}

export function ProductCard({ product }: { product: Product }) {
  const t = useT();
  const [lang] = useLang();
  const rating = useProductRatings().get(product.id);
  return (
    <Link to="/product-detail" search={{ id: product.id }} className={classes.card} data-testid="product-card">
      <img src={product.image} alt="" className={classes.cardImage} loading="lazy" width={800} height={500} />
      <div className={classes.cardBody}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {t(CATEGORY_LABELS[product.category])}
        </Text>
        <h3 className={classes.cardTitle}>{product.name[lang]}</h3>
        {rating && <Stars rating={rating} size="xs" />}
        <span className={classes.price} data-testid="product-price">
          {formatAmount(product.price)}
        </span>
      </div>
    </Link>
  );
}

export function PostCard({ post, category }: { post: BlogPost; category?: string }) {
  const t = useT();
  const [lang] = useLang();
  return (
    <Link to="/blog-detail" search={{ name: post.name }} className={classes.card} data-testid="post-card" aria-label={t('marketing.readMoreAbout', { title: post.title })}>
      {post.meta_image ? <img src={imageUrl(post.meta_image)} alt="" className={classes.cardImage} loading="lazy" /> : <div className={classes.cardImage} />}
      <div className={classes.cardBody}>
        <Text size="xs" c="dimmed">
          {[category, formatDay(post.published_on, lang)].filter(Boolean).join(' · ')}
        </Text>
        <h3 className={classes.cardTitle}>{post.title}</h3>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {excerpt(post.content)}
        </Text>
        <Text size="sm" fw={700} c="brand.7" mt="auto">
          {t('marketing.readMore')} →
        </Text>
      </div>
    </Link>
  );
}

export function BranchCard({ branch, index }: { branch: Branch; index: number }) {
  const t = useT();
  const hours = branch.opening_hours.replace('-', ' - ');
  const mapUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${branch.branch ?? branch.name} ${branch.address}`)}`;
  return (
    <article className={classes.branchCard} data-testid="branch-card">
      <img src={BRANCH_IMAGES[index % BRANCH_IMAGES.length]} alt="" className={classes.cardImage} loading="lazy" style={{ height: '100%' }} />
      <div className={classes.cardBody}>
        <h3 className={classes.cardTitle}>{branch.branch ?? branch.name}</h3>
        <span className={classes.hours}>
          <span aria-hidden>●</span> {t('marketing.openDaily', { hours })}
        </span>
        {branch.address && <Text size="sm">{branch.address}</Text>}
        <Text size="sm">
          {branch.phone && (
            <>
              <a href={`tel:${branch.phone.replace(/[^\d+]/g, '')}`}>{t('marketing.callBranch', { phone: branch.phone })}</a>
              {' · '}
            </>
          )}
          <a href={mapUrl} target="_blank" rel="noopener noreferrer">
            {t('marketing.mapLink', { branch: branch.branch ?? branch.name })}
            <span className="visually-hidden"> {t('marketing.opensNewTab')}</span>
          </a>
        </Text>
      </div>
    </article>
  );
}

export function SectionHead({ id, eyebrow, title, action }: { id?: string; eyebrow?: string; title: string; action?: React.ReactNode }) {
  return (
    <div className={classes.sectionHead}>
      <div>
        {eyebrow && <div className={classes.eyebrow}>{eyebrow}</div>}
        <h2 id={id} style={{ margin: 0, fontSize: 26 }}>
          {title}
        </h2>
      </div>
      {action}
    </div>
  );
}

export { Badge };
