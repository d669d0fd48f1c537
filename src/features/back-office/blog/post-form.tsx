import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import { useRef, useState } from 'react';
import { Button, Checkbox, FileButton, Group, NativeSelect, Paper, Progress, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useT } from '@/lib/i18n';
import { categoriesQuery, uploadPostImage, type PostInput } from '@/entities/blog';
import { bootQuery } from '@/entities/member';
import { DEFAULT_MAX_UPLOAD_BYTES, imageFileProblem, maxUploadText, uploadFailure, type UploadMessage } from './upload-rules';
import classes from './admin.module.css';
import { imageUrl } from '@/lib/file-url';
import { today } from '../../../../contracts/business-day';
import { DateField } from '@/components/date-field';


interface Props {
  initial?: Partial<PostInput>;
  saving: boolean;
  /** Shows the Published switch (editing an existing post). */
  withPublished?: boolean;
  onSubmit: (input: PostInput) => void;
}

type Errors = Partial<Record<'title' | 'blog_category' | 'published_on' | 'image', string>>;

/** Add post / edit post: image upload with a progress bar, Title, Content, Date, Category. */
export function PostForm({ initial, saving, withPublished, onSubmit }: Props) {
  const t = useT();
  const categories = useQuery(categoriesQuery());
  const [title, setTitle] = useState(initial?.title ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const [date, setDate] = useState(initial?.published_on ?? today());
  const [category, setCategory] = useState(initial?.blog_category ?? '');
  const [published, setPublished] = useState(initial?.published ?? true);
  const [image, setImage] = useState<string | null>(initial?.meta_image ?? null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<UploadMessage | null>(null);
  const session = useQuery(bootQuery());
  const maxBytes = session.data?.max_file_size ?? DEFAULT_MAX_UPLOAD_BYTES;
  const [errors, setErrors] = useState<Errors>({});
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
      clear('image');
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      setUploadError(uploadFailure(error, maxBytes));
      setProgress(null);
    }
  };

  const uploading = progress !== null && progress < 100;
  const clear = (field: keyof Errors) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  const submit = () => {
    const next: Errors = {};
    if (!title.trim()) next.title = t('blogAdmin.titleRequired');
    if (!category) next.blog_category = t('blogAdmin.categoryRequired');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) next.published_on = t('blogAdmin.dateInvalid');
    if (uploading) next.image = t('blogAdmin.waitUpload');
    setErrors(next);
    if (Object.keys(next).length) return;
    onSubmit({
      title: title.trim(),
      content,
      published_on: date,
      blog_category: category,
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
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
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
            {(uploadError || errors.image) && (
              <Text size="sm" c="red" role="alert">
                {uploadError ? t(uploadError.key, uploadError.params) : errors.image}
              </Text>
            )}
          </Stack>
          <TextInput label={t('blogAdmin.titleLabel')} withAsterisk value={title} onChange={(e) => {
              setTitle(e.currentTarget.value);
              clear('title');
            }} error={errors.title} maxLength={200} />
          <Textarea label={t('blogAdmin.contentLabel')} description={t('blogAdmin.contentHint')} value={content} onChange={(e) => setContent(e.currentTarget.value)} autosize minRows={8} maxRows={24} />
          <Group grow align="flex-start">
            <DateField label={t('blogAdmin.dateLabel')} withAsterisk value={date} onChange={(day) => {
                setDate(day);
                clear('published_on');
              }} error={errors.published_on} />
            <NativeSelect label={t('blogAdmin.categoryLabel')} withAsterisk data={options} value={category} onChange={(e) => {
                setCategory(e.currentTarget.value);
                clear('blog_category');
              }} error={errors.blog_category} />
          </Group>
          {withPublished && <Checkbox label={t('blogAdmin.publishedLabel')} checked={published} onChange={(e) => setPublished(e.currentTarget.checked)} />}
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
