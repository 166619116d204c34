import sanitizeHtml from 'sanitize-html';

/** Images in posts and listings are the platform's own uploads (content's images, by id). */
const OWN_IMAGE = /^\/api\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'hr',
    'a',
    'img',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'title'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Elements whose text is not prose: dropped with everything inside them.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'select',
    'button',
    'noscript',
    'iframe',
    'svg',
    'math',
    'template',
    'title',
  ],
  // Headings start below the page's own title; the editor's bold and italic names are the semantic ones.
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    div: 'p',
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https?:/i.test(href);
      return {
        tagName,
        attribs: {
          ...(href ? { href } : {}),
          ...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {}),
        },
      };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_IMAGE.test(frame.attribs.src ?? ''),
};

/**
 * The rich text of a post or a listing as the platform keeps and serves it: the editor's
 * formatting (paragraphs, headings, emphasis, lists, quotes, code, links, the platform's own
 * images) and nothing else: no scripts, styles, classes, event handlers, frames or forms, links
 * only to http(s) and mail addresses, outside links opening apart with noopener. The public
 * pages render what this returns as it is.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS)
    .replace(/<p>(?:\s|&nbsp;|<br \/>)*<\/p>/g, '')
    .trim();
}

/** The words of rich text (search snippets, a post's description when it has no excerpt). */
export function plainTextOf(html: string, maxLength = 300): string {
  const text = sanitizeHtml(html.replace(/<\/(p|h2|h3|h4|li|blockquote|pre)>/g, ' '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}
