import { PRODUCT_NAME } from '@assay/shared';
import { sanitizePostHtml, type PostRow, type PublishedSummary } from '../blog/index.ts';
import { absoluteUrl, escapeMarkup as esc, postPath, siteBase } from './escape.ts';
import { headTags } from './head-tags.ts';

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
  const image = postImage(post, base);
  const published = post.published_at?.toISOString();
  const modified = post.updated_at.toISOString();
  return headTags({
    title,
    description,
    url,
    ogType: 'article',
    ...(image ? { image: { url: image, alt: post.title } } : {}),
    og: [
      ...(published ? [['article:published_time', published] as [string, string]] : []),
      ['article:modified_time', modified],
      ['article:author', post.author_name],
    ],
    jsonLd: {
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
    },
  });
}

/**
 * A post's picture as an absolute address, or null. A press release whose image_url is an outside
 * address is a link to an outside article (docs/product.md §2), not a picture.
 */
export function postImage(post: Pick<PublishedSummary, 'post_type' | 'image_url'>, base: string): string | null {
  const outsideArticle = post.post_type === 'press_release' && /^https?:\/\//i.test(post.image_url ?? '');
  return post.image_url && !outsideArticle ? absoluteUrl(post.image_url, base) : null;
}

/**
 * The post itself for crawlers that do not run JavaScript: title and body (sanitised once more
 * on the way out), shown in the app's root until the app replaces it.
 */
export function postBodyHtml(post: Pick<PostRow, 'title' | 'content'>): string {
  return `<article><h1>${esc(post.title)}</h1>${sanitizePostHtml(post.content)}</article>`;
}
