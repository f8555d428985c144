import { VIDEO_PROVIDER_NAMES, videoEmbedFrom, type VideoProvider } from '@assay/shared';
import { mergeAttributes, Node, type Extensions } from '@tiptap/core';
import { Heading } from '@tiptap/extension-heading';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import { StarterKit } from '@tiptap/starter-kit';

/*
 * The post editor's schema (decision 200). Every node renders exactly the HTML the server's
 * sanitiser keeps (apps/server/src/modules/blog/sanitize-post-html.ts): no class, no style, no
 * data-* except the one the sanitiser lets through (`data-embed` on a video link). The samples in
 * packages/shared/src/editor-blocks.ts are this output, checked on both sides.
 */

/** An image as a block: `<figure><img loading="lazy" src alt><figcaption>…</figcaption></figure>`. */
export const Figure = Node.create({
  name: 'figure',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return { src: { default: '' }, alt: { default: '' }, caption: { default: '' } };
  },
  parseHTML() {
    return [
      {
        tag: 'figure',
        getAttrs: (el) => {
          const img = el.querySelector('img');
          if (!img?.getAttribute('src')) return false;
          return {
            src: img.getAttribute('src'),
            alt: img.getAttribute('alt') ?? '',
            caption: el.querySelector('figcaption')?.textContent?.trim() ?? '',
          };
        },
      },
      { tag: 'img[src]', getAttrs: (el) => ({ src: el.getAttribute('src'), alt: el.getAttribute('alt') ?? '', caption: '' }) },
    ];
  },
  renderHTML({ node }) {
    const img = ['img', { loading: 'lazy', src: node.attrs.src as string, alt: node.attrs.alt as string }] as const;
    const caption = (node.attrs.caption as string).trim();
    return caption ? ['figure', img, ['figcaption', caption]] : ['figure', img];
  },
});

/**
 * A YouTube or Vimeo video as a click-to-load card: stored as a link to the video
 * (`<figure><a href data-embed="youtube">…</a></figure>`), so nothing loads from the video site
 * until a reader asks for it (features/blog/lib/video-cards.ts swaps in the player on click).
 */
export const VideoEmbed = Node.create({
  name: 'videoEmbed',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return { url: { default: '' }, provider: { default: 'youtube' }, caption: { default: '' } };
  },
  parseHTML() {
    return [
      {
        tag: 'figure',
        getAttrs: (el) => {
          const a = el.querySelector('a[data-embed]');
          const video = a ? videoEmbedFrom(a.getAttribute('href') ?? '') : null;
          if (!video) return false;
          return { url: video.url, provider: video.provider, caption: el.querySelector('figcaption')?.textContent?.trim() ?? '' };
        },
      },
    ];
  },
  renderHTML({ node }) {
    const provider = node.attrs.provider as VideoProvider;
    const link = [
      'a',
      { href: node.attrs.url as string, 'data-embed': provider },
      `Play the video on ${VIDEO_PROVIDER_NAMES[provider]}`,
    ] as const;
    const caption = (node.attrs.caption as string).trim();
    return caption ? ['figure', link, ['figcaption', caption]] : ['figure', link];
  },
});

/** A callout box: `<aside>` with paragraphs in it. */
export const Callout = Node.create({
  name: 'callout',
  group: 'block',
  content: 'paragraph+',
  defining: true,
  parseHTML() {
    return [{ tag: 'aside' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['aside', mergeAttributes(HTMLAttributes), 0];
  },
});

/** Tables without the column-width styles TipTap writes by default (the sanitiser drops style). */
const PlainTable = Table.extend({
  renderHTML() {
    return ['table', ['tbody', 0]];
  },
}).configure({ resizable: false });

/** Cells without TipTap's text-align (written as a style, which the sanitiser drops). */
const withoutAlign = <T extends typeof TableCell | typeof TableHeader>(cell: T) =>
  cell.extend({
    addAttributes() {
      const { align: _align, ...rest } = (this.parent?.() ?? {}) as Record<string, unknown>;
      return rest;
    },
  });

/** The post's title is its h1: a pasted h1 becomes a heading (h2), h5 and h6 small headings. */
const PostHeading = Heading.extend({
  parseHTML() {
    return [
      { tag: 'h1', attrs: { level: 2 } },
      { tag: 'h2', attrs: { level: 2 } },
      { tag: 'h3', attrs: { level: 3 } },
      { tag: 'h4', attrs: { level: 4 } },
      { tag: 'h5', attrs: { level: 4 } },
      { tag: 'h6', attrs: { level: 4 } },
    ];
  },
}).configure({ levels: [2, 3, 4] });

export const editorExtensions = (placeholder?: string): Extensions => [
  StarterKit.configure({
    heading: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      // Links stay in the tab unless the operator writes otherwise; the sanitiser adds rel for _blank.
      HTMLAttributes: { target: null, rel: null },
      isAllowedUri: (url) => /^(https?:|mailto:|tel:|\/(?!\/)|#)/i.test(url),
    },
  }),
  PostHeading,
  Figure,
  VideoEmbed,
  Callout,
  PlainTable,
  TableRow,
  withoutAlign(TableHeader),
  withoutAlign(TableCell),
  ...(placeholder ? [Placeholder.configure({ placeholder })] : []),
];
