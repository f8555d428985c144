import type { PostMeta } from '@assay/shared';

/** What a whole post carries besides its summary (decision 206): nothing set. Shared by the blog's and the panel's fixtures. */
export const POST_META: PostMeta = {
  authors: [],
  image_alt: null,
  image_caption: null,
  image_decorative: false,
  canonical_url: null,
  og_title: null,
  og_description: null,
  og_image_url: null,
  twitter_title: null,
  twitter_description: null,
  twitter_image_url: null,
};
