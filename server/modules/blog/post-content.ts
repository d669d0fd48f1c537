import { sanitizeRichText } from '../content/sanitize';

/** Block-level markup means the author wrote HTML (or edits a saved post); anything else is plain text. */
const BLOCK_TAG = /<\/?(p|div|h[1-6]|ul|ol|li|br|hr|img|table|blockquote|figure|pre)\b[^>]*>/i;

/**
 * Plain text typed into the multi-line Content field becomes escaped paragraphs (a stray "<b>" or "<script>"
 * is shown as typed, never run); HTML is kept and then sanitised.
 */
export function contentToHtml(text: string): string {
  if (BLOCK_TAG.test(text)) return text;
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n{2,}/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${escape(para).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return ENTITIES[e.toLowerCase()] ?? whole;
  });

/**
 * The typed text of a post stored before its source was kept: when the stored HTML is exactly what
 * contentToHtml makes of some plain text (paragraphs and line breaks only), that text; otherwise the HTML
 * itself, which the author wrote as HTML. Either way, saving the answer again stores the same HTML.
 */
export function typedFromHtml(html: string): string {
  if (!/^(?:<p>(?:[^<]|<br \/>)*<\/p>)+$/.test(html)) return html;
  const text = html
    .slice('<p>'.length, -'</p>'.length)
    .split('</p><p>')
    .map((para) => decodeEntities(para.replace(/<br \/>/g, '\n')))
    .join('\n\n');
  return sanitizeRichText(contentToHtml(text)) === html ? text : html;
}
