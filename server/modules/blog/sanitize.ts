import sanitizeHtml from 'sanitize-html';

/**
 * Blog post bodies are rich text written by blog managers and read by everyone: keep formatting, links and
 * images, drop scripts, event handlers, styles and any URL scheme other than http(s), mailto and our own paths.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'ul', 'ol', 'li',
    'a', 'img', 'figure', 'figcaption', 'span', 'div', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'code', 'pre',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target === '_blank' ? { rel: 'noopener noreferrer' } : {}) },
    }),
  },
};

export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

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
  return sanitizeContent(contentToHtml(text)) === html ? text : html;
}
