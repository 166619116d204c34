import sanitizeHtml from 'sanitize-html';

/**
 * A campaign's body as it is kept and mailed: the editor's formatting (the admin blog's editor,
 * so the same tags content keeps for posts) and nothing else: no scripts, styles, classes,
 * event handlers, frames or forms; links only to http(s) and mail addresses; images only the
 * platform's own uploads. Inline styles are added when the mail is rendered, not kept.
 */
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
  allowedAttributes: { a: ['href'], img: ['src', 'alt', 'title'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
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
  transformTags: { h1: 'h2', h5: 'h4', h6: 'h4', b: 'strong', i: 'em', strike: 's', del: 's', div: 'p' },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_IMAGE.test(frame.attribs.src ?? ''),
};

export function sanitizeCampaignBody(html: string): string {
  return sanitizeHtml(html, OPTIONS)
    .replace(/<p>(?:\s|&nbsp;|<br \/>)*<\/p>/g, '')
    .trim();
}

const STYLES: Record<string, string> = {
  p: 'margin:0 0 16px;',
  h2: 'margin:24px 0 12px;font-size:20px;line-height:1.3;color:#111827;',
  h3: 'margin:20px 0 10px;font-size:17px;line-height:1.3;color:#111827;',
  h4: 'margin:16px 0 8px;font-size:15px;color:#111827;',
  blockquote: 'margin:0 0 16px;padding:4px 0 4px 16px;border-left:3px solid #e5e7eb;color:#4b5563;',
  ul: 'margin:0 0 16px;padding-left:24px;',
  ol: 'margin:0 0 16px;padding-left:24px;',
  pre: 'margin:0 0 16px;padding:12px;background:#f3f4f6;border-radius:6px;white-space:pre-wrap;font-size:13px;',
  a: 'color:#4f46e5;',
  img: 'max-width:100%;height:auto;border-radius:6px;',
  hr: 'border:none;border-top:1px solid #e5e7eb;margin:24px 0;',
};

/**
 * The kept body made ready for mail clients: inline styles (they ignore style sheets) and the
 * platform's image addresses made absolute. Runs on sanitized HTML only.
 */
export function mailReadyBody(body: string, appUrl: string): string {
  return sanitizeHtml(body, {
    ...OPTIONS,
    allowedAttributes: {
      a: ['href', 'style'],
      img: ['src', 'alt', 'title', 'style'],
      ol: ['start', 'style'],
      '*': ['style'],
    },
    allowedStyles: undefined,
    exclusiveFilter: undefined,
    transformTags: Object.fromEntries(
      Object.entries(STYLES).map(([tag, style]) => [
        tag,
        (tagName: string, attribs: sanitizeHtml.Attributes) => ({
          tagName,
          attribs: {
            ...attribs,
            ...(tag === 'img' && attribs.src ? { src: `${appUrl.replace(/\/$/, '')}${attribs.src}` } : {}),
            style: style,
          },
        }),
      ]),
    ),
  });
}

/** The words of the body, for the text part of the mail. */
export function plainTextOf(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h2|h3|h4|li|blockquote|pre)>/g, '\n\n').replace(/<br \/>/g, '\n'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
