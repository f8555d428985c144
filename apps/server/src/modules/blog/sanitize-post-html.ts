import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';
import type sanitizeHtmlModule from 'sanitize-html';

// sanitize-html (with htmlparser2 and postcss) is loaded on the first post it cleans, not at
// start: a process answers sooner, and one that only serves cached reads never loads it (decision 124).
const require = createRequire(import.meta.url);
let loaded: typeof sanitizeHtmlModule | undefined;
const sanitizeHtml = (html: string, options: sanitizeHtmlModule.IOptions) =>
  (loaded ??= require('sanitize-html') as typeof sanitizeHtmlModule)(html, options);

/**
 * The one gate for post HTML: everything an operator writes is cleaned with this allow-list
 * before it is stored, and the panel's live preview shows exactly this output.
 * No scripts, styles, frames, forms or event handlers; links only to http(s), mailto and tel;
 * images only from http(s) or this site (no data: URLs); no class names except code languages,
 * so content cannot borrow the site's own CSS to dress up as its interface.
 * The post editor writes only what this keeps (packages/shared/src/editor-blocks.ts, decision 200).
 */
const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'div',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'small',
  'sub',
  'sup',
  'abbr',
  'time',
  'blockquote',
  'q',
  'cite',
  'code',
  'pre',
  'kbd',
  'samp',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'figure',
  'figcaption',
  'aside',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

const EMBEDS = new Set(['youtube', 'vimeo']);
const LINK_REL_KEEP = new Set(['nofollow', 'ugc', 'sponsored', 'noopener', 'noreferrer']);

const OPTIONS: sanitizeHtmlModule.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    // data-embed marks a video link the post page may turn into a player on click (decision 200);
    // the player's address is built from the link's video id there, never from this attribute.
    a: ['href', 'title', 'target', 'rel', 'data-embed'],
    img: ['src', 'alt', 'title', 'width', 'height', { name: 'loading', multiple: false, values: ['lazy', 'eager'] }],
    th: ['colspan', 'rowspan', { name: 'scope', multiple: false, values: ['col', 'row', 'colgroup', 'rowgroup'] }],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start', 'reversed', { name: 'type', multiple: false, values: ['1', 'a', 'A', 'i', 'I'] }],
    li: ['value'],
    abbr: ['title'],
    time: ['datetime'],
    blockquote: ['cite'],
    q: ['cite'],
  },
  allowedClasses: { code: ['language-*'], pre: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with everything inside them, not just their tags.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'select',
    'button',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtmlModule.Attributes = { ...attribs };
      if (out['data-embed'] !== undefined && !EMBEDS.has(out['data-embed'])) delete out['data-embed'];
      const rel = new Set(
        (out.rel ?? '')
          .toLowerCase()
          .split(/\s+/)
          .filter((r) => LINK_REL_KEEP.has(r)),
      );
      if (out.target === '_blank') {
        rel.add('noopener');
        rel.add('noreferrer');
      } else {
        delete out.target;
      }
      if (rel.size) out.rel = [...rel].join(' ');
      else delete out.rel;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { loading: 'lazy', ...attribs } }),
  },
};

const NON_TEXT = new Set(OPTIONS.nonTextTags);
const ALLOWED = new Set(ALLOWED_TAGS);
const attributeNames = (tag: string): Set<string> =>
  new Set(
    (((OPTIONS.allowedAttributes || {}) as Record<string, (string | { name: string })[]>)[tag] ?? []).map((a) =>
      typeof a === 'string' ? a : a.name,
    ),
  );

export interface SanitizeReport {
  html: string;
  /** What was taken out, for the operator ("removed <script>", "removed onclick from <a>"), each once with its count. */
  removed: string[];
}

/**
 * Cleans post HTML and says what it took out: tags outside the allow-list, attributes a kept tag may
 * not carry, images whose address was refused, and links whose address was refused (unwrapped, their
 * text kept, rather than left as dead links).
 */
export function sanitizePostHtmlWithReport(html: string): SanitizeReport {
  const counts = new Map<string, number>();
  const note = (what: string) => counts.set(what, (counts.get(what) ?? 0) + 1);
  let insideDropped = 0;
  const clean = sanitizeHtml(html, {
    ...OPTIONS,
    onOpenTag: (name, attribs) => {
      if (insideDropped > 0) {
        if (NON_TEXT.has(name)) insideDropped++;
        return;
      }
      if (NON_TEXT.has(name)) insideDropped++;
      if (!ALLOWED.has(name)) {
        note(`removed <${name}>`);
        return;
      }
      const allowed = attributeNames(name);
      for (const [key, value] of Object.entries(attribs)) {
        if (key === 'class' && (name === 'code' || name === 'pre')) {
          if (value.split(/\s+/).some((c) => c && !c.startsWith('language-'))) note(`removed class from <${name}>`);
        } else if (!allowed.has(key) || (key === 'data-embed' && !EMBEDS.has(value))) {
          note(`removed ${key} from <${name}>`);
        }
      }
    },
    onCloseTag: (name) => {
      if (insideDropped > 0 && NON_TEXT.has(name)) insideDropped--;
    },
    exclusiveFilter: (frame) => {
      if (frame.tag === 'img' && !frame.attribs.src) {
        note('removed <img> with an unsafe or missing src');
        return true;
      }
      if (frame.tag === 'a' && !frame.attribs.href) {
        note('unwrapped a link whose href was removed (text kept)');
        return 'excludeTag';
      }
      return false;
    },
  });
  return {
    html: clean.trim(),
    removed: [...counts].map(([what, n]) => (n > 1 ? `${what} (×${n})` : what)),
  };
}

/**
 * Stored bodies and their cleaned copies, by the body's text, up to ~4 million characters (8 MB
 * as UTF-16), least recently used out first; a body larger than a sixteenth of that is not kept.
 */
const cleaned = new LRUCache<string, string>({
  maxSize: 4_000_000,
  maxEntrySize: 250_000,
  sizeCalculation: (clean, html) => html.length + clean.length,
});

/**
 * A stored body cleaned once more on the way out (feeds, crawlers' copy of a post). Bodies were
 * cleaned when written; this pass only keeps rows written under older rules out of a page. Every
 * feed rebuild (any post's change drops the feeds) cleaned up to 600 KB of bodies that had not
 * changed: 13 ms a rebuild at 5,000 posts. The bodies last served are remembered, so a rebuild
 * cleans only what changed. A pure function of its text, so the text is the key: a changed body
 * is another key, and the old one ages out.
 */
export function sanitizePostHtml(html: string): string {
  const hit = cleaned.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitizePostHtmlWithReport(html).html;
  cleaned.set(html, clean);
  return clean;
}
