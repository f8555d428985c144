import { PRODUCT_NAME } from '@assay/shared';
import { sanitizePostHtml, type PostRow, type PublishedSummary } from '../blog/index.ts';
import { absoluteUrl, escapeMarkup as esc, postPath, siteBase } from './escape.ts';

/**
 * The <head> tags of a post page: title (meta_title, falling back to title, as the SPA sets it),
 * description (meta_description, falling back to description), canonical URL, Open Graph,
 * Twitter card and schema.org Article data. Every URL is absolute.
 */
export function postHeadTags(post: PublishedSummary, publicUrl: string): string {
  const base = siteBase(publicUrl);
  const url = `${base}${postPath(post.post_type, post.slug)}`;
  const title = post.meta_title || post.title;
  const description = post.meta_description || post.description;
  // A press release whose image_url is an outside address is a link to an outside article
  // (docs/product.md §2), not a picture: it gives no og:image.
  const outsideArticle = post.post_type === 'press_release' && /^https?:\/\//i.test(post.image_url ?? '');
  const image = post.image_url && !outsideArticle ? absoluteUrl(post.image_url, base) : null;
  const published = post.published_at?.toISOString();
  const modified = post.updated_at.toISOString();

  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${esc(content)}" />`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': post.post_type === 'blog' ? 'BlogPosting' : 'NewsArticle',
    headline: post.title,
    description,
    url,
    mainEntityOfPage: url,
    ...(image ? { image: [image] } : {}),
    ...(published ? { datePublished: published } : {}),
    dateModified: modified,
    author: { '@type': 'Person', name: post.author_name },
    publisher: { '@type': 'Organization', name: PRODUCT_NAME },
  };
  // Inside <script>, '<' is written as \u003c so no string can close the element.
  const ld = JSON.stringify(jsonLd).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

  return [
    `<title>${esc(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${esc(url)}" />`,
    meta('property', 'og:type', 'article'),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', post.title)] : []),
    ...(published ? [meta('property', 'article:published_time', published)] : []),
    meta('property', 'article:modified_time', modified),
    meta('property', 'article:author', post.author_name),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    `<script type="application/ld+json">${ld}</script>`,
  ].join('\n    ');
}

/**
 * The post itself for crawlers that do not run JavaScript: title and body (sanitised once more
 * on the way out), shown in the app's root until the app replaces it.
 */
export function postBodyHtml(post: Pick<PostRow, 'title' | 'content'>): string {
  return `<article><h1>${esc(post.title)}</h1>${sanitizePostHtml(post.content)}</article>`;
}
