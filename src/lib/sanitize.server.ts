import sanitizeHtml from 'sanitize-html';
import type { Locale } from '../i18n/locales';
import { localizeDigits } from './digits';

/**
 * Rich text from the CMS (policies, FAQ answers) rendered as HTML: only formatting, links,
 * lists, tables and images survive; scripts, styles, event handlers, iframes and forms do not.
 * Headings shift down one level because the page owns the <h1>.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'mark',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'span',
    'div',
    'bdi',
    'bdo',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'img',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel', 'hreflang'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    bdo: ['dir'],
    '*': ['dir', 'lang'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const { target: _target, rel: _rel, ...rest } = attribs;
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...rest, target: '_blank', rel: 'noopener noreferrer' } : rest };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/**
 * Sanitised rich text whose numbers follow decision 015 on Arabic pages: the digits of its text
 * (not of its attributes: links keep their URLs) become Arabic-Indic, except inside elements the
 * editor marked as Latin (`dir="ltr"`, a non-Arabic `lang`) and in Latin phrases such as model
 * numbers.
 */
export function sanitizeRichText(html: string, locale: Locale): string {
  if (locale !== 'ar') return sanitizeHtml(html, OPTIONS).trim();
  // Elements open around the current text: whether each one starts a Latin island.
  const islands: boolean[] = [];
  return sanitizeHtml(html, {
    ...OPTIONS,
    onOpenTag: (_name, attribs) =>
      void islands.push(attribs.dir?.toLowerCase() === 'ltr' || (attribs.lang !== undefined && !/^ar\b/i.test(attribs.lang))),
    onCloseTag: () => void islands.pop(),
    // The text arrives escaped (&amp; &lt; &gt; &quot;): named entities only, no digits to spoil.
    textFilter: (text) => (islands.includes(true) ? text : localizeDigits(text, locale)),
  }).trim();
}

/** Plain text of an HTML fragment (JSON-LD answers, meta descriptions). */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ENTITIES[e] ?? _m)
    .replace(/\s+/g, ' ')
    .trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * Drops a first heading that only repeats the page title (the page renders the title as its
 * <h1> already). Expects sanitised HTML.
 */
export function dropRepeatedTitle(html: string, title: string): string {
  const match = /^\s*<h[2-6]>([\s\S]*?)<\/h[2-6]>/.exec(html);
  if (!match) return html;
  const heading = plainText(match[1] ?? '').toLowerCase();
  return heading === title.trim().toLowerCase() ? html.slice(match[0].length).trimStart() : html;
}
