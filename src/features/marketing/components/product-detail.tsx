import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Rating.css';
import '@mantine/core/styles/Anchor.css';
import { useState } from 'react';
import { Anchor, Button, Chip, Group, Rating, Stack, Table, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDay } from '@/lib/format/dates';
import { formatAmount } from '@/lib/format/numbers';
import { useLang, useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { today } from '../../../../contracts/business-day';
import { CATEGORY_LABELS, FLAVORS, INFO_FLAVORS, SIZES, priceFor, productById, ratingsOf, type Product, type Size } from '../data';
import { useMarketingStore } from '../store';
import { Stars } from './cards';
import classes from './site.module.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function ReviewForm({ product }: { product: Product }) {
  const t = useT();
  const addReview = useMarketingStore((s) => s.addReview);
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'rating' | 'name' | 'email', string>>>({});
  return (
    <form
      noValidate
      aria-labelledby="review-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        const next: typeof errors = {};
        if (!Number.isInteger(rating) || rating < 1 || rating > 5) next.rating = t('marketing.ratingRequired');
        if (!name.trim()) next.name = t('marketing.nameRequired');
        if (!email.trim()) next.email = t('marketing.emailRequired');
        else if (!EMAIL.test(email.trim())) next.email = t('marketing.emailInvalid');
        setErrors(next);
        if (Object.keys(next).length) return;
        addReview({ productId: product.id, name: name.trim().slice(0, 60), rating, text: text.trim().slice(0, 1000), date: today() });
        toast({ status: 'success', title: t('marketing.reviewThanksTitle'), description: t('marketing.reviewThanks') });
        setRating(0);
        setText('');
        setName('');
        setEmail('');
      }}
    >
      <Stack gap="sm">
        <h3 id="review-form-title" style={{ margin: 0 }}>
          {t('marketing.writeReview')}
        </h3>
        <Text size="sm" c="dimmed">
          {t('marketing.reviewNote')}
        </Text>
        <div>
          <Text size="sm" fw={500} id="rating-label">
            {t('marketing.yourRating')}{' '}
            <Text span c="red" aria-hidden>
              *
            </Text>
          </Text>
          <Rating value={rating} onChange={setRating} size="lg" aria-labelledby="rating-label" aria-required />
          {errors.rating && (
            <Text size="xs" c="red" role="alert">
              {errors.rating}
            </Text>
          )}
        </div>
        <Textarea label={t('marketing.reviewText')} value={text} onChange={(e) => setText(e.currentTarget.value)} autosize minRows={3} maxLength={1000} />
        <Group grow align="flex-start">
          <TextInput label={t('marketing.reviewName')} withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} autoComplete="name" />
          <TextInput label={t('marketing.reviewEmail')} withAsterisk type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} autoComplete="email" />
        </Group>
        <Group>
          <Button type="submit">{t('marketing.submitReview')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /product-detail?id=…: flavours, 1-3 pound sizes, quantity, add to cart; information and reviews tabs. */
export function ProductDetailPage({ id }: { id?: string }) {
  const t = useT();
  const [lang] = useLang();
  const product = productById(id ?? 'birthday-cake');
  const addToCart = useMarketingStore((s) => s.addToCart);
  const allReviews = useMarketingStore((s) => s.reviews);
  const [flavor, setFlavor] = useState<string>(FLAVORS[0].id);
  const [size, setSize] = useState<Size>(1);
  const [qty, setQty] = useState(1);
  if (!product) {
    return (
      <div className={classes.container}>
        <Stack py="xl">
          <Text>{t('marketing.detailNotFound')}</Text>
          <Anchor component={Link} to="/product">
            ← {t('marketing.detailBack')}
          </Anchor>
        </Stack>
      </div>
    );
  }
  const reviews = allReviews.filter((r) => r.productId === product.id);
  const rating = ratingsOf(reviews).get(product.id);
  const unit = priceFor(product, size);
  const flavorLabel = FLAVORS.find((f) => f.id === flavor)?.[lang] ?? null;
  return (
    <div className={classes.container}>
      <Stack gap="md" py="lg">
        <Anchor component={Link} to="/product" size="sm">
          ← {t('marketing.detailBack')}
        </Anchor>
        <div className={classes.detail}>
          <img src={product.image} alt="" className={classes.detailImage} width={800} height={500} />
          <Stack gap="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t(CATEGORY_LABELS[product.category])}
            </Text>
            <h1 className={classes.pageTitle}>{product.name[lang]}</h1>
            <Group gap="xs">
              {rating ? (
                <>
                  <Stars rating={rating} size="md" />
                  <Text size="sm" c="dimmed">
                    {(Math.round(rating.average * 10) / 10).toFixed(1)}
                  </Text>
                </>
              ) : (
                <Text size="sm" c="dimmed" data-testid="no-rating">
                  {t('marketing.notRated')}
                </Text>
              )}
            </Group>
            <Text size="xl" fw={800} c="brand.7" data-testid="price-range-text">
              {product.sized ? `${formatAmount(priceFor(product, 1))} - ${formatAmount(priceFor(product, 3))}` : formatAmount(product.price)}
            </Text>
            <Text>{product.description[lang]}</Text>
            {product.sized && (
              <>
                <div>
                  <Text fw={600} mb={6} id="flavor-label">
                    {t('marketing.flavor')}
                  </Text>
                  <Chip.Group value={flavor} onChange={(v) => typeof v === 'string' && setFlavor(v)}>
                    <Group gap="xs" role="radiogroup" aria-labelledby="flavor-label">
                      {FLAVORS.map((f) => (
                        <Chip key={f.id} value={f.id} variant="outline">
                          {f[lang]}
                        </Chip>
                      ))}
                    </Group>
                  </Chip.Group>
                </div>
                <div>
                  <Text fw={600} mb={6} id="size-label">
                    {t('marketing.size')}
                  </Text>
                  <Chip.Group value={String(size)} onChange={(v) => typeof v === 'string' && setSize(Number(v) as Size)}>
                    <Group gap="xs" role="radiogroup" aria-labelledby="size-label">
                      {SIZES.map((s) => (
                        <Chip key={s} value={String(s)} variant="outline">
                          {t('marketing.sizePound', { n: s })}
                        </Chip>
                      ))}
                    </Group>
                  </Chip.Group>
                </div>
              </>
            )}
            <Text size="lg" fw={800} data-testid="unit-price">
              {t('marketing.baht', { price: formatAmount(unit * qty) })}
            </Text>
            <Group gap="md">
              <div className={classes.stepper} role="group" aria-label={t('marketing.quantity')}>
                <button type="button" onClick={() => setQty((q) => Math.max(1, q - 1))} aria-label={t('marketing.decrease')} disabled={qty <= 1}>
                  −
                </button>
                <output aria-live="polite" data-testid="qty">
                  {qty}
                </output>
                <button type="button" onClick={() => setQty((q) => Math.min(20, q + 1))} aria-label={t('marketing.increase')} disabled={qty >= 20}>
                  +
                </button>
              </div>
              <Button
                size="md"
                radius="xl"
                onClick={() => {
                  addToCart({ productId: product.id, flavor: product.sized ? flavorLabel : null, size: product.sized ? size : 1, qty, unitPrice: unit });
                  toast({ status: 'success', title: t('marketing.addedTitle'), description: t('marketing.added', { name: product.name[lang], size: product.sized ? size : 1, qty }) });
                }}
              >
                {t('marketing.addToCart')}
              </Button>
            </Group>
          </Stack>
        </div>
        <Tabs defaultValue="info" mt="lg">
          <Tabs.List>
            <Tabs.Tab value="info">{t('marketing.tabInfo')}</Tabs.Tab>
            <Tabs.Tab value="reviews">{t('marketing.tabReviews', { count: reviews.length })}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="info" pt="md">
            <Table withTableBorder maw={720} variant="vertical">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={200}>{t('marketing.infoFlavors')}</Table.Th>
                  <Table.Td>{INFO_FLAVORS[lang]}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('marketing.infoSizes')}</Table.Th>
                  <Table.Td>{t('marketing.infoSizesValue')}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('marketing.infoServe')}</Table.Th>
                  <Table.Td>{t('marketing.infoServeValue')}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('marketing.infoKeep')}</Table.Th>
                  <Table.Td>{t('marketing.infoKeepValue')}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Tabs.Panel>
          <Tabs.Panel value="reviews" pt="md">
            <Stack gap="lg" maw={720}>
              {reviews.length === 0 ? (
                <Text c="dimmed">{t('marketing.noReviews')}</Text>
              ) : (
                <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {reviews.map((r, i) => (
                    <li key={`${r.date}-${i}`} data-testid="review">
                      <Group gap="xs">
                        <Text fw={700}>{r.name}</Text>
                        <span role="img" aria-label={t('marketing.ratingLabel', { rating: r.rating })}><Rating value={r.rating} readOnly size="sm" aria-hidden /></span>
                        <Text size="xs" c="dimmed">
                          {formatDay(r.date, lang)} · {t('marketing.reviewSavedHere')}
                        </Text>
                      </Group>
                      {r.text && <Text size="sm">{r.text}</Text>}
                    </li>
                  ))}
                </Stack>
              )}
              <ReviewForm product={product} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </div>
  );
}
