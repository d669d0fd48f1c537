import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Badge.css';
import { Badge, Button, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useT } from '@/lib/i18n';
import { allPostsQuery, categoriesQuery } from '@/entities/blog';
import { TableStatusRows } from './table-status-rows';
import classes from './admin.module.css';
import { imageUrl } from '@/lib/file-url';
import { PageHead } from '../kit/page-head';

/** /blog-admin "Blogs": ID, 60 px image, title, category, View and Edit; Add goes to /blog-add. */
export function PostsPage() {
  const t = useT();
  const posts = useQuery(allPostsQuery());
  const categories = useQuery(categoriesQuery());
  const categoryTitle = useMemo(() => new Map((categories.data ?? []).map((c) => [c.name, c.title])), [categories.data]);
  const categoryOf = (name: string | null) => (name && categoryTitle.get(name)) ?? name ?? '';
  return (
    <>
      <PageHead title={t('blogAdmin.blogsTitle')}>
        <Button component={Link} to="/blog-add">
          {t('blogAdmin.add')}
        </Button>
      </PageHead>
      <div className={classes.card}>
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="sm" horizontalSpacing="md" striped highlightOnHover aria-label={t('blogAdmin.blogsTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th className={classes.wideOnly}>{t('blogAdmin.colId')}</Table.Th>
                <Table.Th w={84}>{t('blogAdmin.colImage')}</Table.Th>
                <Table.Th>{t('blogAdmin.colTitle')}</Table.Th>
                <Table.Th className={classes.wideOnly}>{t('blogAdmin.colCategory')}</Table.Th>
                <Table.Th>{t('blogAdmin.colActions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <TableStatusRows query={posts} columns={5} rowHeight={40} empty="blogAdmin.noPosts" />
              {posts.data?.map((post) => (
                <Table.Tr key={post.name} data-testid="post-row">
                  <Table.Td className={`${classes.idCell} ${classes.wideOnly}`}>{post.name}</Table.Td>
                  <Table.Td>
                    {post.meta_image ? (
                      <img src={imageUrl(post.meta_image)} alt="" width={60} height={40} className={classes.thumb} />
                    ) : (
                      <span className={classes.noThumb}>{t('blogAdmin.noImage')}</span>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {post.title}
                    </Text>
                    <Text size="xs" c="dimmed" className={`${classes.idCell} ${classes.narrowOnly}`}>
                      {post.name}
                    </Text>
                    <Text size="xs" className={classes.narrowOnly}>
                      {categoryOf(post.blog_category)}
                    </Text>
                    {!post.published && (
                      <Badge size="xs" color="gray" mt={4}>
                        {t('blogAdmin.draft')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td className={classes.wideOnly}>
                    <Text size="sm">{categoryOf(post.blog_category)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <div className={classes.actions}>
                      <Button renderRoot={(props) => <Link {...props} to="/blog-view/$name" params={{ name: post.name }} />} size="xs" variant="light" aria-label={t('blogAdmin.viewPost', { title: post.title })}>
                        {t('blogAdmin.view')}
                      </Button>
                      <Button renderRoot={(props) => <Link {...props} to="/blog-edit/$name" params={{ name: post.name }} />} size="xs" variant="outline" aria-label={t('blogAdmin.editPost', { title: post.title })}>
                        {t('blogAdmin.edit')}
                      </Button>
                    </div>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </div>
    </>
  );
}
