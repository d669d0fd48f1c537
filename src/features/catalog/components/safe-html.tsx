import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import classes from './catalog.module.css';

/** Server HTML (already sanitised there) rendered only after DOMPurify. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={`${classes.html} ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
