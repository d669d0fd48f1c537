import { SafeHtml } from '@/components/safe-html';
import classes from './rich-text.module.css';

/** An information document's rich text, sanitised in the browser too (src/components/safe-html.tsx). */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <SafeHtml html={html} className={[classes.rich, className].filter(Boolean).join(' ')} />;
}
