import DOMPurify from 'dompurify';
import { useMemo } from 'react';

let hooked = false;
function purifier() {
  if (!hooked) {
    // Links that open a new tab never get a handle on this one; images without alt are decorative.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
      if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
    });
    hooked = true;
  }
  return DOMPurify;
}

/**
 * Server HTML (descriptions, documents, blog posts) is sanitised on the server when stored; it is sanitised once
 * more here, in the browser, before it reaches the DOM: no script, event handler, javascript: address, form or
 * inline style gets through, whatever the server sent.
 */
export function sanitize(html: string): string {
  return purifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}

/** Renders server HTML after `sanitize`. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitize(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
