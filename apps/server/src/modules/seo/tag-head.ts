import { pageTitle, TAG_PAGES } from '@assay/shared';
import { escapeMarkup as esc, siteBase } from './escape.ts';
import { headTags } from './head-tags.ts';

/**
 * A tag page's <head> (decision 204): its title and description, its canonical address (a later
 * page is its own, as the lists' are), a CollectionPage, and the tag's own feed for feed readers.
 */
export function tagHeadTags(tag: { name: string; slug: string }, publicUrl: string, page: number): string {
  const base = siteBase(publicUrl);
  const path = TAG_PAGES.page(tag.slug);
  const url = page > 1 ? `${base}${path}?page=${page}` : `${base}${path}`;
  const title = pageTitle(TAG_PAGES.name(tag.name));
  const description = TAG_PAGES.description(tag.name);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'CollectionPage', '@id': `${url}#webpage`, url, name: title, description, isPartOf: { '@id': `${base}/#website` } },
    ],
  };
  const feed = `<link rel="alternate" type="application/rss+xml" title="${esc(TAG_PAGES.feedTitle(tag.name))}" href="${esc(TAG_PAGES.feed(tag.slug))}" />`;
  return `${headTags({ title, description, url, ogType: 'website', jsonLd })}\n    ${feed}`;
}
