import { beforeEach, describe, expect, it } from 'vitest';
import { domains } from '@/lib/i18n/catalog/all';
import { LANGS, t, translate, useLangStore } from '@/lib/i18n';

/** The parameters a message uses (a word that agrees with a count, `{count|point|points}`, names its count). */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)(?:\|[^}]*)?\}/g)].map((m) => m[1]))].sort();

describe('message catalogues', () => {
  for (const [domain, catalog] of Object.entries(domains)) {
    describe(domain, () => {
      const th = catalog.th as Record<string, string>;
      const en = catalog.en as Record<string, string>;

      it('has every key in both languages', () => {
        expect(Object.keys(en).sort()).toEqual(Object.keys(th).sort());
      });

      it('has no empty message and the same placeholders in both languages', () => {
        for (const key of Object.keys(th)) {
          for (const lang of LANGS) {
            const text = catalog[lang] as Record<string, string>;
            expect(typeof text[key], `${lang}.${domain}.${key}`).toBe('string');
            expect(text[key]?.trim(), `${lang}.${domain}.${key}`).not.toBe('');
          }
          expect(placeholders(en[key] ?? ''), `${domain}.${key}`).toEqual(placeholders(th[key] ?? ''));
        }
      });
    });
  }
});

describe('English of the member screens', () => {
  const MEMBER_DOMAINS = ['common', 'auth', 'catalog', 'cart', 'checkout', 'orders', 'points', 'account', 'addresses', 'info', 'memberId', 'coupons', 'shop', 'wishlist', 'offline', 'errors', 'pointLife'] as const;
  // Pieces placed inside a sentence ("24 points", "updated just now", "Tee and 2 more"), not sentences of their own.
  const FRAGMENTS = new Set(['common.points', 'account.pointsUnit', 'orders.moreItems', 'offline.updatedAt', 'offline.justNow', 'checkout.qty']);

  it('is sentence case: every sentence, title and button starts with a capital (the Thai stays as it is)', () => {
    const lowercase: string[] = [];
    for (const domain of MEMBER_DOMAINS) {
      for (const [key, text] of Object.entries(domains[domain].en as Record<string, string>)) {
        if (!FRAGMENTS.has(`${domain}.${key}`) && /^[a-z]/.test(text)) lowercase.push(`${domain}.${key}: ${text}`);
      }
    }
    expect(lowercase).toEqual([]);
  });

  it("uses the examples' wording", () => {
    expect(translate('en', 'catalog.myRewards')).toBe('My rewards');
    expect(translate('en', 'checkout.chooseBranch')).toBe('Choose branch');
    expect(translate('en', 'checkout.redeemUsing', { count: 15 })).toBe('Redeem using 15 points');
    expect(translate('en', 'info.collectPointsTitle')).toBe('How to collect points');
  });
});

describe('translate', () => {
  beforeEach(() => {
    localStorage.clear();
    useLangStore.setState({ lang: 'th' });
  });

  it('fills {name} placeholders and leaves unknown ones as they are', () => {
    expect(translate('en', 'common.pointsCount', { count: 40 })).toBe('40 points');
    expect(translate('th', 'common.pointsCount', { count: 40 })).toBe('40 คะแนน');
    expect(translate('en', 'common.pointsCount')).toBe('{count} points');
  });

  it('says "1 point" and "1 member", and the plural for any other count, however the number arrives', () => {
    expect(translate('en', 'common.pointsCount', { count: 1 })).toBe('1 point');
    expect(translate('en', 'common.pointsCount', { count: 0 })).toBe('0 points');
    expect(translate('en', 'common.pointsCount', { count: '1,001' })).toBe('1,001 points');
    expect(translate('en', 'points.minusPoints', { count: '−1' })).toBe('−1 point');
    expect(translate('en', 'broadcast.confirmText', { count: 1 })).toBe('Send this message to 1 member? It cannot be taken back.');
    expect(translate('en', 'broadcast.confirmText', { count: 3 })).toBe('Send this message to 3 members? It cannot be taken back.');
    expect(translate('en', 'privacyAdmin.erased', { points: 1, rewards: 2 })).toBe("The member's personal data is erased: 1 point forfeited, 2 uncollected rewards cancelled");
    expect(translate('th', 'common.pointsCount', { count: 1 })).toBe('1 คะแนน');
  });

  it('speaks Thai by default and follows the store', () => {
    expect(t('common.errorTitle')).toBe('เกิดข้อผิดพลาดที่ไม่คาดคิด!');
    useLangStore.getState().setLang('en');
    expect(t('common.errorTitle')).toBe('Unexpected Application Error!');
  });

  it('keeps the choice in localStorage under "lang" and sets <html lang>', () => {
    useLangStore.getState().setLang('en');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    useLangStore.getState().setLang('th');
    expect(localStorage.getItem('lang')).toBe('th');
    expect(document.documentElement.lang).toBe('th');
  });
});
