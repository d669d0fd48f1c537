import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import { useRef, useState, type FormEvent } from 'react';
import { useForm } from '@mantine/form';
import { Button, Checkbox, FileButton, Group, NativeSelect, Paper, Progress, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useT } from '@/lib/i18n';
import { categoriesQuery, uploadPostImage, type PostInput } from '@/entities/blog';
import { bootQuery } from '@/entities/member';
import { DEFAULT_MAX_UPLOAD_BYTES, imageFileProblem, maxUploadText, uploadFailure, type UploadMessage } from './upload-rules';
import classes from './admin.module.css';
import { imageUrl } from '@/lib/file-url';
import { today } from '../../../../contracts/business-day';
import { BLOG_POST_MESSAGES as M, BLOG_TITLE_MAX, BlogPostInputSchema } from '../../../../contracts/blog';
import { contractCheck } from '../kit/modal-form';
import { DateField } from '@/components/date-field';


interface Props {
  initial?: Partial<PostInput>;
  saving: boolean;
  /** Shows the Published switch (editing an existing post). */
  withPublished?: boolean;
  onSubmit: (input: PostInput) => void;
}

interface Values {
  title: string;
  content: string;
  published_on: string;
  blog_category: string;
  published: boolean;
}

/** Add post / edit post: image upload with a progress bar, Title, Content, Date, Category. */
export function PostForm({ initial, saving, withPublished, onSubmit }: Props) {
  const t = useT();
  const categories = useQuery(categoriesQuery());
  const form = useForm<Values>({
    initialValues: {
      title: initial?.title ?? '',
      content: initial?.content ?? '',
      published_on: initial?.published_on ?? today(),
      blog_category: initial?.blog_category ?? '',
      published: initial?.published ?? true,
    },
    validate: contractCheck(BlogPostInputSchema, (values: Values) => values, t('backOffice.invalidValue'), {
      [M.titleRequired]: t('blogAdmin.titleRequired'),
      [M.titleTooLong]: t('errors.tooLong'),
      [M.categoryRequired]: t('blogAdmin.categoryRequired'),
      [M.badDate]: t('blogAdmin.dateInvalid'),
      date_out_of_range: t('errors.dateOutOfRange'),
    }),
  });
  const [image, setImage] = useState<string | null>(initial?.meta_image ?? null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<UploadMessage | null>(null);
  const session = useQuery(bootQuery());
  const maxBytes = session.data?.max_file_size ?? DEFAULT_MAX_UPLOAD_BYTES;
  const [waitError, setWaitError] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    // A file the server would refuse is not sent at all (a 6 MB photo on a phone connection takes a while).
    const problem = imageFileProblem(file, maxBytes);
    if (problem) {
      setUploadError(problem);
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setUploadError(null);
    setProgress(0);
    try {
      const doc = await uploadPostImage(file, (p) => setProgress(p.percent), controller.signal);
      setImage(doc.file_url);
      setProgress(100);
      setWaitError(false);
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      setUploadError(uploadFailure(error, maxBytes));
      setProgress(null);
    }
  };

  const uploading = progress !== null && progress < 100;

  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    // An image still on its way is not part of the post yet: the fields are checked too, and nothing is sent.
    setWaitError(uploading);
    const checked = form.validate();
    if (checked.hasErrors || uploading) return;
    const { title, content, published_on, blog_category, published } = form.getValues();
    onSubmit({
      title: title.trim(),
      content,
      published_on,
      blog_category,
      meta_image: image,
      ...(withPublished ? { published } : {}),
    });
  };

  const options = [
    { value: '', label: t('blogAdmin.categoryPlaceholder'), disabled: true },
    ...(categories.data ?? []).map((c) => ({ value: c.name, label: c.title })),
  ];

  return (
    <Paper className={classes.form} withBorder radius="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="lg">
          <Stack gap={6}>
            <Text fw={500} size="sm" id="post-image-label">
              {t('blogAdmin.imageLabel')}
            </Text>
            {image && <img src={imageUrl(image)} alt={t('blogAdmin.imagePreview')} className={classes.preview} />}
            <Group gap="sm">
              <FileButton onChange={upload} accept="image/png,image/jpeg,image/webp" inputProps={{ 'aria-labelledby': 'post-image-label', 'data-testid': 'post-image-input' } as object}>
                {(props) => (
                  <Button {...props} variant="light" disabled={uploading}>
                    {t('blogAdmin.chooseImage')}
                  </Button>
                )}
              </FileButton>
              {image && !uploading && (
                <Button variant="subtle" color="gray" onClick={() => { setImage(null); setProgress(null); }}>
                  {t('blogAdmin.removeImage')}
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {t('blogAdmin.imageHint', { max: maxUploadText(maxBytes) })}
            </Text>
            {progress !== null && (
              <Stack gap={4}>
                <Progress value={progress} size="lg" radius="xl" animated={uploading} aria-label={t('blogAdmin.uploading', { percent: progress })} />
                <Text size="xs" c={progress === 100 ? 'teal' : 'dimmed'} aria-live="polite">
                  {progress === 100 ? t('blogAdmin.uploaded') : t('blogAdmin.uploading', { percent: progress })}
                </Text>
              </Stack>
            )}
            {(uploadError || waitError) && (
              <Text size="sm" c="red" role="alert">
                {uploadError ? t(uploadError.key, uploadError.params) : t('blogAdmin.waitUpload')}
              </Text>
            )}
          </Stack>
          <TextInput label={t('blogAdmin.titleLabel')} withAsterisk {...form.getInputProps('title')} maxLength={BLOG_TITLE_MAX} />
          <Textarea label={t('blogAdmin.contentLabel')} description={t('blogAdmin.contentHint')} {...form.getInputProps('content')} autosize minRows={8} maxRows={24} />
          <Group grow align="flex-start">
            <DateField label={t('blogAdmin.dateLabel')} withAsterisk value={form.values.published_on} onChange={(day) => form.setFieldValue('published_on', day)} error={form.errors.published_on} />
            <NativeSelect label={t('blogAdmin.categoryLabel')} withAsterisk data={options} {...form.getInputProps('blog_category')} />
          </Group>
          {withPublished && <Checkbox label={t('blogAdmin.publishedLabel')} {...form.getInputProps('published', { type: 'checkbox' })} />}
          <Group justify="flex-end">
            <Button type="submit" loading={saving} size="md">
              {t('blogAdmin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
