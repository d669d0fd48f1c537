import { Accordion, Anchor, Button, Chip, Group, NumberInput, RangeSlider, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useT, type MessageKey } from '@/lib/i18n';
import { COLOURS, PRICE_MAX, PRICE_MIN, SIZES, TYPES, type ShopSearch } from '../search';
import classes from './shop.module.css';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Checkbox.css';

const TYPE_LABELS: Record<(typeof TYPES)[number], MessageKey> = {
  'upper clothing': 'shop.typeUpper',
  'lower clothing': 'shop.typeLower',
  skirt: 'shop.typeSkirt',
  pants: 'shop.typePants',
  shoes: 'shop.typeShoes',
};
const COLOUR_LABELS: Record<(typeof COLOURS)[number], MessageKey> = {
  orange: 'shop.colourOrange',
  black: 'shop.colourBlack',
  purple: 'shop.colourPurple',
  green: 'shop.colourGreen',
  brown: 'shop.colourBrown',
};
const SWATCH: Record<(typeof COLOURS)[number], string> = {
  orange: '#fd7e14',
  black: '#212529',
  purple: '#7048e8',
  green: '#2b8a3e',
  brown: '#8d5524',
};

function Section({ value, title, onClear, children }: { value: string; title: string; onClear: () => void; children: ReactNode }) {
  const t = useT();
  return (
    <Accordion.Item value={value}>
      <Accordion.Control>{title}</Accordion.Control>
      <Accordion.Panel>
        {children}
        <Anchor component="button" type="button" size="sm" mt="sm" onClick={onClear} c="brand.8">
          {t('shop.clearSection')}
        </Anchor>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** /shop/type: type, size, colour and a 0-1000 price range with min/max boxes; applied with 'search products'. */
export function AdvancedFilter({ search }: { search: ShopSearch }) {
  const t = useT();
  const navigate = useNavigate();
  const [types, setTypes] = useState<string[]>(search.type ?? []);
  const [sizes, setSizes] = useState<string[]>(search.size ?? []);
  const [colours, setColours] = useState<string[]>(search.colour ?? []);
  const [range, setRange] = useState<[number, number]>([search.price_min ?? PRICE_MIN, search.price_max ?? PRICE_MAX]);

  const clamp = (n: number) => Math.min(PRICE_MAX, Math.max(PRICE_MIN, Math.round(n)));
  // The boxes may pass each other while typing; the slider and the search use the ordered pair.
  const number = (value: string | number, fallback: number) => {
    const n = typeof value === 'number' ? value : Number(value);
    return value === '' || !Number.isFinite(n) ? fallback : clamp(n);
  };
  const setMin = (value: string | number) => setRange(([, max]) => [number(value, PRICE_MIN), max]);
  const setMax = (value: string | number) => setRange(([min]) => [min, number(value, PRICE_MAX)]);
  const ordered: [number, number] = [Math.min(...range), Math.max(...range)];
  const clearAll = () => {
    setTypes([]);
    setSizes([]);
    setColours([]);
    setRange([PRICE_MIN, PRICE_MAX]);
  };
  const apply = () =>
    void navigate({
      to: '/shop',
      search: {
        search: search.search,
        sort: search.sort,
        type: types.length ? types : undefined,
        size: sizes.length ? sizes : undefined,
        colour: colours.length ? colours : undefined,
        price_min: ordered[0] > PRICE_MIN ? ordered[0] : undefined,
        price_max: ordered[1] < PRICE_MAX ? ordered[1] : undefined,
      } as ShopSearch,
    });

  return (
    <>
      <Accordion multiple defaultValue={['type', 'size', 'colour', 'price']} px="md" chevronPosition="right">
        <Section value="type" title={t('shop.sectionType')} onClear={() => setTypes([])}>
          <Chip.Group multiple value={types} onChange={setTypes}>
            <Group gap="xs">
              {TYPES.map((x) => (
                <Chip key={x} value={x} radius="xl">
                  {t(TYPE_LABELS[x])}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Section>
        <Section value="size" title={t('shop.sectionSize')} onClear={() => setSizes([])}>
          <Chip.Group multiple value={sizes} onChange={setSizes}>
            <Group gap="xs">
              {SIZES.map((x) => (
                <Chip key={x} value={x} radius="xl">
                  {x}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Section>
        <Section value="colour" title={t('shop.sectionColour')} onClear={() => setColours([])}>
          <Chip.Group multiple value={colours} onChange={setColours}>
            <Group gap="xs">
              {COLOURS.map((x) => (
                <Chip key={x} value={x} radius="xl">
                  <span aria-hidden="true" style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 5, background: SWATCH[x], marginInlineEnd: 6 }} />
                  {t(COLOUR_LABELS[x])}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Section>
        <Section value="price" title={t('shop.sectionPrice')} onClear={() => setRange([PRICE_MIN, PRICE_MAX])}>
          <Stack gap="md" pt="xs">
            <RangeSlider
              min={PRICE_MIN}
              max={PRICE_MAX}
              step={10}
              minRange={0}
              value={ordered}
              onChange={setRange}
              label={(v) => `฿${v}`}
              thumbFromLabel={t('shop.priceMin')}
              thumbToLabel={t('shop.priceMax')}
              mx="xs"
            />
            <Group grow>
              <NumberInput label={t('shop.priceMin')} min={PRICE_MIN} max={PRICE_MAX} value={range[0]} onChange={setMin} allowNegative={false} allowDecimal={false} prefix="฿" />
              <NumberInput label={t('shop.priceMax')} min={PRICE_MIN} max={PRICE_MAX} value={range[1]} onChange={setMax} allowNegative={false} allowDecimal={false} prefix="฿" />
            </Group>
          </Stack>
        </Section>
      </Accordion>
      <div className={classes.footer} data-bottom-bar>
        <Button variant="default" radius="xl" onClick={clearAll}>
          {t('shop.clearAll')}
        </Button>
        <Button radius="xl" onClick={apply}>
          {t('shop.searchProducts')}
        </Button>
      </div>
    </>
  );
}
