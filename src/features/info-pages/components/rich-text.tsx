import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import classes from './rich-text.module.css';

let hooked = false;
function purifier() {
  if (!hooked) {
    // Links that open a new tab never get a handle on this one.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
      if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
    });
    hooked = true;
  }
  return DOMPurify;
}

/** Sanitises server HTML once more in the browser (the server already did) and renders it. */
export function sanitize(html: string): string {
  return purifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}

export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitize(html), [html]);
  return <div className={[classes.rich, className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: clean }} />;
}
