import type { PostSummary } from '@assay/shared';
import { useState } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { postImage } from '../format.ts';
import { DocumentIcon, NewspaperIcon } from './icons.tsx';

const GRADIENTS = [
  'from-brand-700 via-brand-600 to-sky-500',
  'from-indigo-900 via-brand-700 to-violet-500',
  'from-sky-700 via-brand-600 to-indigo-400',
  'from-violet-800 via-brand-700 to-fuchsia-500',
  'from-slate-800 via-brand-800 to-brand-500',
];

/** The same post always gets the same gradient. */
function gradientFor(slug: string): string {
  let h = 0;
  for (const ch of slug) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return GRADIENTS[h % GRADIENTS.length]!;
}

/**
 * The post's picture, or (no picture, or it cannot be loaded) a gradient with a faint dotted
 * pattern and an icon of the kind of post. `className` sizes the box (aspect ratio or height).
 */
export function PostCover({
  post,
  className,
  eager,
}: {
  post: Pick<PostSummary, 'slug' | 'title' | 'image_url' | 'post_type'>;
  className?: string;
  eager?: boolean;
}) {
  const src = postImage(post);
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt={post.title}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailed(src)}
        className={cn('w-full bg-slate-100 object-cover', className)}
      />
    );
  }
  const Icon = post.post_type === 'press_release' ? NewspaperIcon : DocumentIcon;
  return (
    <div
      data-testid="post-cover-placeholder"
      aria-hidden="true"
      className={cn('relative flex w-full items-center justify-center overflow-hidden bg-gradient-to-br', gradientFor(post.slug), className)}
    >
      <div
        className="absolute inset-0 opacity-25"
        style={{ backgroundImage: 'radial-gradient(rgba(255,255,255,0.7) 1px, transparent 1px)', backgroundSize: '18px 18px' }}
      />
      <div className="absolute -right-10 -top-10 size-40 rounded-full bg-white/10 blur-2xl" />
      <div className="absolute -bottom-12 -left-6 size-36 rounded-full bg-sky-300/20 blur-2xl" />
      <Icon className="relative size-12 text-white/80" />
    </div>
  );
}
