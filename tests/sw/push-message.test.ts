import { describe, expect, it } from 'vitest';
import { languageFrom, notificationFor, targetUrl } from '../../sw/push-message';
import { SET_LANGUAGE, type PushPayload } from '../../contracts/notifications';

const origin = 'https://rewards.example';
const payload: PushPayload = {
  v: 1,
  id: '42',
  kind: 'points_received',
  url: '/reward-history',
  lang: 'th',
  title: { th: 'ได้รับ 8 คะแนน', en: 'You received 8 points' },
  body: { th: 'คะแนนคงเหลือ 32 คะแนน', en: 'Balance 32 points' },
};

describe('service worker: what a push shows and where a tap goes', () => {
  it('shows the event in the language the app uses on this device, else the member\'s', () => {
    expect(notificationFor(payload, 'en')).toEqual({
      title: 'You received 8 points',
      options: { body: 'Balance 32 points', tag: 'event-42', lang: 'en', icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', data: { url: '/reward-history' } },
    });
    expect(notificationFor(payload, undefined).title).toBe('ได้รับ 8 คะแนน');
    expect(notificationFor({ ...payload, lang: 'en' }, undefined).options.body).toBe('Balance 32 points');
  });

  it('a push it cannot read still shows something (browsers require it) and opens the app', () => {
    for (const junk of [null, 'text', { ...payload, v: 2 }, { ...payload, url: 'https://evil.example/' }, { ...payload, title: { th: 'x' } }]) {
      const shown = notificationFor(junk, 'en');
      expect(shown.title).toBe('Member Rewards');
      expect(shown.options.data.url).toBe('/');
    }
  });

  it('a tap only ever opens an address of this app', () => {
    expect(targetUrl({ url: '/my-order/ACC-SINV-2026-00001' }, origin)).toBe(`${origin}/my-order/ACC-SINV-2026-00001`);
    for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 42, undefined]) {
      expect(targetUrl({ url }, origin), String(url)).toBe(`${origin}/`);
    }
    expect(targetUrl(null, origin)).toBe(`${origin}/`);
  });

  it('the page tells the worker its language', () => {
    expect(languageFrom({ type: SET_LANGUAGE, lang: 'en' })).toBe('en');
    expect(languageFrom({ type: SET_LANGUAGE, lang: 'fr' })).toBeNull();
    expect(languageFrom({ type: 'SKIP_WAITING' })).toBeNull();
  });
});
