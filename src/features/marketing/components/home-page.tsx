import { Button, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import { useLang, useT } from '@/lib/i18n';
import { branchesQuery, categoriesQuery, postsQuery } from '../api';
import { formatAmount } from '@/lib/format/numbers';
import { PRODUCTS, SIGNATURE_IDS, productById } from '../data';
import { BranchCard, PostCard, ProductCard, SectionHead } from './cards';
import { HeroSlider } from './hero-slider';
import classes from './site.module.css';

/** One part of the home page: its heading (with a link to the rest, if any) over its cards. */
function HomeSection({ id, alt, eyebrow, title, action, children }: { id: string; alt?: boolean; eyebrow?: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className={alt ? classes.sectionAlt : classes.section} aria-labelledby={id}>
      <div className={classes.container}>
        <SectionHead id={id} eyebrow={eyebrow} title={title} action={action} />
        {children}
      </div>
    </section>
  );
}

/** /bakery: hero slider, signature menu, best sellers, birthday cake, blog cards, two branches. */
export function HomePage() {
  const t = useT();
  const [lang] = useLang();
  const posts = useQuery(postsQuery());
  const categories = useQuery(categoriesQuery());
  const branches = useQuery(branchesQuery());
  const categoryTitle = useMemo(() => new Map((categories.data ?? []).map((c) => [c.name, c.title])), [categories.data]);
  const bestSellers = useMemo(() => [...PRODUCTS].sort((a, b) => b.popularity - a.popularity).slice(0, 4), []);
  const birthday = productById('birthday-cake')!;
  return (
    <>
      <HeroSlider />

      <HomeSection id="signature" eyebrow={t('marketing.signatureText')} title={t('marketing.signatureTitle')}>
        <div className={classes.grid4}>
          {SIGNATURE_IDS.map((id) => {
            const p = productById(id)!;
            return (
              <Link key={id} to="/product-detail" search={{ id }} className={classes.card}>
                <img src={p.image} alt="" className={classes.cardImage} loading="lazy" />
                <div className={classes.cardBody}>
                  <h3 className={classes.cardTitle}>{p.name[lang]}</h3>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {p.description[lang]}
                  </Text>
                </div>
              </Link>
            );
          })}
        </div>
      </HomeSection>

      <HomeSection
        id="best-sellers"
        alt
        title={t('marketing.bestSellersTitle')}
        action={
          <Button renderRoot={(props) => <Link {...props} to="/product" search={{ sort: 'popular' }} />} variant="subtle">
            {t('marketing.viewAllProducts')} →
          </Button>
        }
      >
        <div className={classes.grid4}>
          {bestSellers.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </div>
      </HomeSection>

      <section className={classes.section} aria-labelledby="birthday">
        <div className={classes.container}>
          <div className={classes.birthday}>
            <img src={birthday.image} alt="" loading="lazy" width={800} height={500} />
            <div>
              <h2 id="birthday" style={{ marginTop: 0, fontSize: 28 }}>
                {t('marketing.birthdayTitle')}
              </h2>
              <Text mb="md">{t('marketing.birthdayText')}</Text>
              <Text fw={800} size="xl" c="brand.7" mb="md">
                {formatAmount(280)} - {formatAmount(750)}
              </Text>
              <Button renderRoot={(props) => <Link {...props} to="/product-detail" search={{ id: birthday.id }} />} size="md" radius="xl">
                {t('marketing.birthdayCta')}
              </Button>
            </div>
          </div>
        </div>
      </section>

      <HomeSection
        id="home-blog"
        alt
        title={t('marketing.blogTitle')}
        action={
          <Button component={Link} to="/blog" variant="subtle">
            {t('marketing.blogAll')} →
          </Button>
        }
      >
        <div className={classes.grid3}>
          {posts.isPending && [0, 1, 2].map((i) => <Skeleton key={i} height={300} radius="lg" />)}
          {posts.data?.slice(0, 3).map((post) => (
            <PostCard key={post.name} post={post} category={post.blog_category ? categoryTitle.get(post.blog_category) : undefined} />
          ))}
        </div>
      </HomeSection>

      <HomeSection id="home-branches" title={t('marketing.branchesTitle')}>
        <div className={classes.branches}>
          {branches.isPending && [0, 1].map((i) => <Skeleton key={i} height={160} radius="lg" />)}
          {branches.data?.slice(0, 2).map((b, i) => (
            <BranchCard key={b.name} branch={b} index={i} />
          ))}
        </div>
      </HomeSection>
    </>
  );
}
