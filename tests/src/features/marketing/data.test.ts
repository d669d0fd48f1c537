import { describe, expect, it } from 'vitest';
import { PRODUCTS, categoryCounts, filterProducts, priceFor, productById, ratingsOf } from '@/features/marketing/data';

const prices = (list: { price: number }[]) => list.map((p) => p.price);

describe('marketing product list', () => {
  it('the five sorts really sort', () => {
    const asc = prices(filterProducts(PRODUCTS, { sort: 'price-asc' }));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = prices(filterProducts(PRODUCTS, { sort: 'price-desc' }));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const newest = filterProducts(PRODUCTS, { sort: 'newest' }).map((p) => p.added);
    expect(newest).toEqual([...newest].sort().reverse());
    const popular = filterProducts(PRODUCTS, { sort: 'popular' }).map((p) => p.popularity);
    expect(popular).toEqual([...popular].sort((a, b) => b - a));
  });

  it('ratings come from reviews only: no review, no rating', () => {
    expect(ratingsOf([]).size).toBe(0);
    expect(PRODUCTS.some((p) => 'rating' in p)).toBe(false);
    const ratings = ratingsOf([
      { productId: 'sourdough', rating: 5 },
      { productId: 'sourdough', rating: 4 },
      { productId: 'cookie-jar', rating: 3 },
    ]);
    expect(ratings.get('sourdough')).toEqual({ average: 4.5, count: 2 });
    expect(ratings.has('birthday-cake')).toBe(false);
  });

  it('best rating puts reviewed products first by their average, then the rest by popularity', () => {
    const ratings = ratingsOf([
      { productId: 'cookie-jar', rating: 3 },
      { productId: 'sourdough', rating: 5 },
    ]);
    const ids = filterProducts(PRODUCTS, { sort: 'rating' }, ratings).map((p) => p.id);
    expect(ids.slice(0, 2)).toEqual(['sourdough', 'cookie-jar']);
    const rest = filterProducts(PRODUCTS, { sort: 'popular' }).map((p) => p.id).filter((id) => id !== 'sourdough' && id !== 'cookie-jar');
    expect(ids.slice(2)).toEqual(rest);
    // With no review at all, it is simply the popular order (nothing is ranked on a number nobody gave).
    expect(filterProducts(PRODUCTS, { sort: 'rating' }).map((p) => p.id)).toEqual(filterProducts(PRODUCTS, { sort: 'popular' }).map((p) => p.id));
  });

  it('filters by search (Thai or English), category and the 280-900 price range; counts follow the other filters', () => {
    expect(filterProducts(PRODUCTS, { q: 'croissant' }).map((p) => p.id)).toEqual(['croissant-box']);
    expect(filterProducts(PRODUCTS, { q: 'ครัวซองต์' }).map((p) => p.id)).toEqual(['croissant-box']);
    expect(filterProducts(PRODUCTS, { category: 'bread' }).every((p) => p.category === 'bread')).toBe(true);
    const mid = filterProducts(PRODUCTS, { min: 400, max: 500 });
    expect(mid.length).toBeGreaterThan(0);
    expect(mid.every((p) => p.price >= 400 && p.price <= 500)).toBe(true);
    const counts = categoryCounts(PRODUCTS, { min: 400, max: 500 });
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(mid.length);
    expect(Math.min(...prices(PRODUCTS))).toBe(280);
    expect(Math.max(...prices(PRODUCTS))).toBe(900);
  });

  it('the sample cake costs 280.00 to 750.00 for 1 to 3 pounds', () => {
    const cake = productById('birthday-cake')!;
    expect([1, 2, 3].map((s) => priceFor(cake, s as 1 | 2 | 3))).toEqual([280, 520, 750]);
  });
});
