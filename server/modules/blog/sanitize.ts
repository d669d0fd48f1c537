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
