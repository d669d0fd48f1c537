import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Chip.css';
import { Anchor, Chip, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useLang, useT } from '@/lib/i18n';
import { formatDay } from '@/lib/format/dates';
import { categoriesQuery, postQuery, postsQuery } from '../api';
import { PostCard } from './cards';
import { SafeHtml } from '@/components/safe-html';
import classes from './site.module.css';
import { imageUrl } from '@/lib/file-url';

function useCategoryTitles() {
  const categories = useQuery(categoriesQuery());
  return useMemo(() => new Map((categories.data ?? []).map((c) => [c.name, c.title])), [categories.data]);
}

/** /blog: published posts from the server, filterable by category (kept by the route in the address). */
export function BlogListPage({ category, onCategoryChange }: { category: string; onCategoryChange: (category: string) => void }) {
  const t = useT();
  const posts = useQuery(postsQuery());
  const titles = useCategoryTitles();
  const used = useMemo(() => [...new Set((posts.data ?? []).map((p) => p.blog_category).filter((c): c is string => Boolean(c)))], [posts.data]);
  const shown = (posts.data ?? []).filter((p) => !category || p.blog_category === category);
  return (
    <div className={classes.container}>
      <header className={classes.pageHead}>
        <h1 className={classes.pageTitle}>{t('marketing.blogPageTitle')}</h1>
        <Text c="dimmed">{t('marketing.blogPageText')}</Text>
      </header>
      {used.length > 1 && (
        <Chip.Group value={category} onChange={(v) => onCategoryChange(typeof v === 'string' ? v : '')}>
          <Group gap="xs" my="md">
            <Chip value="">{t('marketing.allCategories')}</Chip>
            {used.map((c) => (
              <Chip key={c} value={c}>
                {titles.get(c) ?? c}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      <div className={classes.grid3} style={{ marginTop: 16 }}>
        {posts.isPending && [0, 1, 2].map((i) => <Skeleton key={i} height={320} radius="lg" />)}
        {posts.data?.length === 0 && <Text c="dimmed">{t('marketing.noPostsPublic')}</Text>}
        {shown.map((post) => (
          <PostCard key={post.name} post={post} category={post.blog_category ? titles.get(post.blog_category) : undefined} />
        ))}
      </div>
    </div>
  );
}

/** /blog-detail?name=…: one post and "you may also like"; without a name, the newest post. */
export function BlogDetailPage({ name }: { name?: string }) {
  const t = useT();
  const [lang] = useLang();
  const posts = useQuery(postsQuery());
  const target = name ?? posts.data?.[0]?.name;
  const post = useQuery({ ...postQuery(target ?? ''), enabled: Boolean(target) });
  const titles = useCategoryTitles();
  const others = (posts.data ?? []).filter((p) => p.name !== target).slice(0, 3);
  return (
    <div className={classes.container}>
      <Stack gap="md" py="lg" className={classes.article}>
        <Anchor component={Link} to="/blog" size="sm">
          ← {t('marketing.backToBlog')}
        </Anchor>
        {(post.isPending && Boolean(target)) || (posts.isPending && !name) ? <Skeleton height={420} radius="lg" /> : null}
        {(post.isError || (!target && posts.isSuccess)) && <Text c="red">{t('marketing.postMissing')}</Text>}
        {post.data && (
          <article>
            {post.data.meta_image && <img src={imageUrl(post.data.meta_image)} alt="" className={classes.detailImage} />}
            <Text size="sm" c="dimmed" mt="md">
              {[post.data.blog_category ? titles.get(post.data.blog_category) : null, formatDay(post.data.published_on, lang), post.data.blogger ? t('marketing.by', { name: post.data.blogger }) : null]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <h1 className={classes.pageTitle} style={{ marginTop: 8 }}>
              {post.data.title}
            </h1>
            <SafeHtml html={post.data.content ?? ''} className={classes.articleBody} />
          </article>
        )}
      </Stack>
      {others.length > 0 && (
        <section aria-labelledby="also-like" style={{ paddingBottom: 24 }}>
          <h2 id="also-like">{t('marketing.alsoLike')}</h2>
          <div className={classes.grid3}>
            {others.map((p) => (
              <PostCard key={p.name} post={p} category={p.blog_category ? titles.get(p.blog_category) : undefined} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
