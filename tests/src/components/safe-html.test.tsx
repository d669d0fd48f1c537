import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml, sanitize } from '@/components/safe-html';

const EVIL =
  '<p>ข้อความ</p><script>window.__pwned = 1</script><img src="/x.png" onerror="window.__pwned = 2">' +
  '<a href="javascript:window.__pwned=3">ลิงก์</a><svg><script>window.__pwned=4</script></svg>' +
  '<form action="/steal"><input name="pin"></form><p style="position:fixed">ทับหน้าจอ</p>';

describe('server HTML in the browser', () => {
  it('keeps the text and drops scripts, handlers, javascript: links, forms and inline styles', () => {
    const { container } = render(<SafeHtml html={EVIL} />);
    expect(container.textContent).toContain('ข้อความ');
    expect(container.textContent).toContain('ลิงก์');
    expect(container.textContent).toContain('ทับหน้าจอ');
    expect(container.querySelector('script, form, input, [onerror], [style]')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('href') ?? null).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('opens new-tab links without a handle on the app, and marks images without alt decorative', () => {
    const clean = sanitize('<a href="https://example.com" target="_blank">x</a><img src="/a.png">');
    const doc = new DOMParser().parseFromString(clean, 'text/html');
    expect(doc.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(doc.querySelector('img')?.getAttribute('alt')).toBe('');
  });
});
