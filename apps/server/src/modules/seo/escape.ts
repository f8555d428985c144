import { endpointPath, escapeHtml, siteEndpoints, type PostType } from '@assay/shared';

/** Text for an HTML attribute or element, or an XML text/attribute node. */
export function escapeMarkup(value: string): string {
  // Characters XML 1.0 forbids outright go first: a feed with one of them is rejected whole.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return escapeHtml(value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''));
}

/** PUBLIC_URL without a trailing slash. */
export const siteBase = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** An image or link address made absolute against the site (site-relative paths start with '/'). */
export function absoluteUrl(url: string, base: string): string {
  return /^https?:\/\//i.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The address of a post's page. */
export const postPath = (postType: PostType, slug: string) =>
  endpointPath(postType === 'blog' ? siteEndpoints.blogPost : siteEndpoints.pressRelease, { slug });
