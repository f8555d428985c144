/**
 * What is worth compressing on the way out: HTML, JSON, feeds and other text. Not event
 * streams (each event must reach the browser at once), nor PDFs, images or fonts, which are
 * compressed already.
 */
export const COMPRESSIBLE =
  /^(?:text\/(?:html|plain|css|javascript|xml)|application\/(?:json|problem\+json|xml|rss\+xml|javascript)|image\/svg\+xml)(?:;|$)/;
