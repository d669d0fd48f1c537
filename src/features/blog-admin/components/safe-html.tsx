import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Post bodies are sanitised by the server; they are sanitised again here before they reach the DOM. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
