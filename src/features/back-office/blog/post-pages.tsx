import '@mantine/core/styles/Anchor.css';
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatDay } from '@/lib/format/dates';
import { useLang, useT } from '@/lib/i18n';
import { categoriesQuery, postQuery, useCreatePost, useDeletePost, useUpdatePost } from '@/entities/blog';
import { failedToastSaying, savedToast } from '../kit/feedback';
import { ConfirmDelete } from './confirm-delete';
import { PostForm } from './post-form';
import { SafeHtml } from '@/components/safe-html';
import classes from './admin.module.css';
import { imageUrl } from '@/lib/file-url';
import { PageHead } from '../kit/page-head';

function BackLink() {
  const t = useT();
  return (
    <Anchor component={Link} to="/blog-admin" size="sm">
      ← {t('blogAdmin.backToBlogs')}
    </Anchor>
  );
}

/** /blog-add "Add post": Save creates the post through /api/resource/Blog Post. */
export function AddPostPage() {
  const t = useT();
  const navigate = useNavigate();
  const create = useCreatePost();
  return (
    <Stack gap="md">
      <BackLink />
      <PageHead title={t('blogAdmin.addPostTitle')} mb={0} />
      <PostForm
        saving={create.isPending}
        onSubmit={(input) =>
          create.mutate(input, {
            onSuccess: () => {
              savedToast('blogAdmin.toastPostCreatedTitle', undefined, 'blogAdmin.toastPostCreated');
              void navigate({ to: '/blog-admin' });
            },
            onError: (error) => failedToastSaying(error, 'blogAdmin.toastErrorTitle', 'blogAdmin.toastPostCreateError'),
          })
        }
      />
    </Stack>
  );
}

/** Delete, behind a dialog that names the post: a deleted post cannot be brought back. */
function DeletePost({ name, title }: { name: string; title: string }) {
  const t = useT();
  const navigate = useNavigate();
  const remove = useDeletePost();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="red" variant="outline" size="sm" onClick={() => setOpen(true)}>
        {t('blogAdmin.deletePost')}
      </Button>
      <ConfirmDelete
        opened={open}
        title={t('blogAdmin.deletePost')}
        subject={title}
        deleting={remove.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() =>
          remove.mutate(name, {
            onSuccess: () => {
              savedToast('blogAdmin.toastPostDeletedTitle', undefined, 'blogAdmin.toastPostDeleted');
              setOpen(false);
              void navigate({ to: '/blog-admin' });
            },
            onError: (error) => failedToastSaying(error, 'blogAdmin.toastDeleteErrorTitle', 'blogAdmin.toastPostDeleteError'),
          })
        }
      />
    </>
  );
}

/** /blog-edit/{name}: the same form, prefilled; Save updates the post; Delete (confirmed) removes it. */
export function EditPostPage({ name }: { name: string }) {
  const t = useT();
  const navigate = useNavigate();
  const post = useQuery(postQuery(name));
  const update = useUpdatePost();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <BackLink />
        {post.data && <DeletePost name={name} title={post.data.title} />}
      </Group>
      <PageHead title={t('blogAdmin.editPostTitle')} mb={0} />
      {post.isPending && <Skeleton height={420} radius="lg" />}
      {post.isError && <Text c="red">{t('blogAdmin.postNotFound')}</Text>}
      {post.data && (
        <PostForm
          key={post.data.name}
          withPublished
          initial={{
            ...post.data,
            blog_category: post.data.blog_category ?? '',
            // What was typed, not the HTML made of it: saving it again must treat the text the same way.
            content: post.data.content_source ?? post.data.content ?? '',
            published_on: post.data.published_on ?? undefined,
          }}
          saving={update.isPending}
          onSubmit={(input) =>
            update.mutate(
              { ...input, name },
              {
                onSuccess: () => {
                  savedToast('blogAdmin.toastPostUpdatedTitle', undefined, 'blogAdmin.toastPostUpdated');
                  void navigate({ to: '/blog-view/$name', params: { name } });
                },
                onError: (error) => failedToastSaying(error, 'blogAdmin.toastErrorTitle', 'blogAdmin.toastPostUpdateError'),
              },
            )
          }
        />
      )}
    </Stack>
  );
}

/** /blog-view/{name}: the post as readers will see it, with an Edit button. */
export function ViewPostPage({ name }: { name: string }) {
  const t = useT();
  const [lang] = useLang();
  const post = useQuery(postQuery(name));
  const categories = useQuery(categoriesQuery());
  const category = categories.data?.find((c) => c.name === post.data?.blog_category)?.title ?? post.data?.blog_category;
  const date = post.data?.published_on ? formatDay(post.data.published_on, lang, 'long') : null;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <BackLink />
        <Button renderRoot={(props) => <Link {...props} to="/blog-edit/$name" params={{ name }} />} variant="outline" size="sm">
          {t('blogAdmin.edit')}
        </Button>
      </Group>
      {post.isPending && <Skeleton height={420} radius="lg" />}
      {post.isError && <Text c="red">{t('blogAdmin.postNotFound')}</Text>}
      {post.data && (
        <Paper className={classes.article} withBorder radius="lg">
          <Stack gap="sm">
            {post.data.meta_image && <img src={imageUrl(post.data.meta_image)} alt="" className={classes.hero} />}
            <Group gap="xs">
              {category && <Badge variant="light">{category}</Badge>}
              {!post.data.published && <Badge color="gray">{t('blogAdmin.draft')}</Badge>}
            </Group>
            <Title order={1} size="h2">
              {post.data.title}
            </Title>
            <Text size="sm" c="dimmed">
              {[post.data.blogger ? t('blogAdmin.byline', { blogger: post.data.blogger }) : null, date ? t('blogAdmin.publishedOn', { date }) : null].filter(Boolean).join(' · ')}
            </Text>
            <SafeHtml html={post.data.content ?? ''} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
