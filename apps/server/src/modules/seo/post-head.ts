import { PRODUCT_NAME } from '@assay/shared';
import { sanitizePostHtml, type FullPostRow, type PostRow, type PublishedSummary } from '../blog/index.ts';
import { absoluteUrl, escapeMarkup as esc, postPath, siteBase } from './escape.ts';
import { headTags } from './head-tags.ts';

/** What a post's <head> reads: its summary, its authors, its image's alt text and its overrides. */
export type HeadPost = PublishedSummary & Omit<FullPostRow, 'content'>;

/**
 * The <head> tags of a post page: title (meta_title, falling back to title, as the SPA sets it),
 * description (meta_description, falling back to description), canonical URL (the operator's
 * override, else the page's own), Open Graph and Twitter card (their own title, description and
 * picture when set, else the SEO ones and the feature image, decision 206) and schema.org Article
 * data. Every URL is absolute; every text is escaped.
 */
export function postHeadTags(post: HeadPost, publicUrl: string): string {
  const base = siteBase(publicUrl);
  const url = post.canonical_url || `${base}${postPath(post.post_type, post.slug)}`;
  const title = post.meta_title || post.title;
  const description = post.meta_description || post.description;
  const feature = postImage(post, base);
  // The feature picture's own alt text; the title for a decorative one, or another picture.
  const featureAlt = (!post.image_decorative && post.image_alt?.trim()) || post.title;
  const ogImage = post.og_image_url
    ? { url: absoluteUrl(post.og_image_url, base), alt: post.og_title || title }
    : feature
      ? { url: feature, alt: featureAlt }
      : undefined;
  const twitterImage = post.twitter_image_url
    ? { url: absoluteUrl(post.twitter_image_url, base), alt: post.twitter_title || post.og_title || title }
    : undefined;
  const authors = post.author_list.length ? post.author_list.map((a) => a.name) : [post.author_name];
  const published = post.published_at?.toISOString();
  const modified = post.updated_at.toISOString();
  return headTags({
    title,
    description,
    url,
    ogType: 'article',
    ...(ogImage ? { image: ogImage } : {}),
    social: {
      ogTitle: post.og_title || undefined,
      ogDescription: post.og_description || undefined,
      twitterTitle: post.twitter_title || undefined,
      twitterDescription: post.twitter_description || undefined,
      twitterImage,
    },
    og: [
      ...(published ? [['article:published_time', published] as [string, string]] : []),
      ['article:modified_time', modified],
      ...authors.map((name): [string, string] => ['article:author', name]),
    ],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': post.post_type === 'blog' ? 'BlogPosting' : 'NewsArticle',
      headline: post.title,
      description,
      url,
      mainEntityOfPage: url,
      ...(ogImage ? { image: [ogImage.url] } : {}),
      ...(published ? { datePublished: published } : {}),
      dateModified: modified,
      author: authors.length === 1 ? { '@type': 'Person', name: authors[0] } : authors.map((name) => ({ '@type': 'Person', name })),
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
