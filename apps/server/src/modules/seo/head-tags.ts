import { PRODUCT_NAME, pageTitle, PUBLIC_PAGE_META, type PublicPagePath } from '@assay/shared';
import { escapeMarkup as esc, siteBase } from './escape.ts';

/** What a page's <head> says about it to crawlers and link previews. Every URL is absolute. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's canonical address. */
  url: string;
  ogType: 'website' | 'article';
  image?: { url: string; alt: string };
  /** Further Open Graph properties (article:published_time …), in order. */
  og?: [string, string][];
  /** schema.org data. */
  jsonLd: object;
  /** Link-preview text and picture where they differ from the page's own (a post's overrides, decision 206). */
  social?: {
    ogTitle?: string | undefined;
    ogDescription?: string | undefined;
    twitterTitle?: string | undefined;
    twitterDescription?: string | undefined;
    twitterImage?: { url: string; alt: string } | undefined;
  };
}

const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${esc(content)}" />`;

/** JSON for a <script> element: '<' is written as \u003c so no string can close the element. */
export const scriptJson = (data: unknown) =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Title, description, canonical link, Open Graph, Twitter card and JSON-LD, one tag a line. */
export function headTags(h: PageHead): string {
  const s = h.social ?? {};
  const twitterImage = s.twitterImage ?? h.image;
  return [
    `<title>${esc(h.title)}</title>`,
    meta('name', 'description', h.description),
    `<link rel="canonical" href="${esc(h.url)}" />`,
    meta('property', 'og:type', h.ogType),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:title', s.ogTitle ?? h.title),
    meta('property', 'og:description', s.ogDescription ?? h.description),
    meta('property', 'og:url', h.url),
    ...(h.image ? [meta('property', 'og:image', h.image.url), meta('property', 'og:image:alt', h.image.alt)] : []),
    ...(h.og ?? []).map(([k, v]) => meta('property', k, v)),
    meta('name', 'twitter:card', twitterImage ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', s.twitterTitle ?? s.ogTitle ?? h.title),
    meta('name', 'twitter:description', s.twitterDescription ?? s.ogDescription ?? h.description),
    ...(twitterImage ? [meta('name', 'twitter:image', twitterImage.url), meta('name', 'twitter:image:alt', twitterImage.alt)] : []),
    `<script type="application/ld+json">${scriptJson(h.jsonLd)}</script>`,
  ].join('\n    ');
}

const SCHEMA_TYPE = { home: 'WebPage', about: 'AboutPage', contact: 'ContactPage', collection: 'CollectionPage', page: 'WebPage' } as const;

/**
 * The <head> of one of the site's own pages (PUBLIC_PAGE_META): its title and description, its
 * canonical address (another page's, for a copy of that page), and schema.org data: the
 * organisation and the web site on the home page, the page as part of the site elsewhere.
 */
export function publicPageHead(path: PublicPagePath, publicUrl: string): PageHead {
  const base = siteBase(publicUrl);
  const page: { name: string; description: string; kind: keyof typeof SCHEMA_TYPE; canonical?: string } = PUBLIC_PAGE_META[path];
  const url = `${base}${page.canonical ?? path}`;
  const title = pageTitle(page.name);
  const site = {
    '@type': 'WebSite',
    '@id': `${base}/#website`,
    url: `${base}/`,
    name: PRODUCT_NAME,
    publisher: { '@id': `${base}/#organization` },
  };
  const organization = {
    '@type': 'Organization',
    '@id': `${base}/#organization`,
    name: PRODUCT_NAME,
    url: `${base}/`,
    logo: `${base}/favicon.svg`,
  };
  const webPage = {
    '@type': SCHEMA_TYPE[page.kind],
    '@id': `${url}#webpage`,
    url,
    name: title,
    description: page.description,
    isPartOf: { '@id': `${base}/#website` },
  };
  return {
    title,
    description: page.description,
    url,
    ogType: 'website',
    jsonLd: { '@context': 'https://schema.org', '@graph': page.kind === 'home' ? [organization, site, webPage] : [webPage] },
  };
}
