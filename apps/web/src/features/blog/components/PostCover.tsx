import { formatDay, type PostSummary } from '@assay/shared';
import { useCallback, useState } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { postImage } from '../format.ts';

/** A number from the slug: the same post always gets the same colours and pattern. */
function slugHash(slug: string): number {
  let h = 2166136261;
  for (const ch of slug) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** The title in at most three lines of about `width` characters, the last cut with an ellipsis. */
function titleLines(title: string, width = 22, max = 3): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/).filter(Boolean)) {
    if ((line ? `${line} ${word}` : word).length <= width) line = line ? `${line} ${word}` : word;
    else {
      if (line) lines.push(line);
      line = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1]!.slice(0, width - 1).trimEnd()}…`;
  return kept;
}

// UTC, so the picture drawn on the server and in the browser is the same.
const coverDate = (iso: string | null | undefined) => (iso ? formatDay(iso, 'UTC') : '');

/**
 * A cover drawn for a post without a picture: its kind, title and date on a background whose hues
 * and pattern come from the slug, so no two posts look alike and each always looks the same.
 */
export function GeneratedCover({
  post,
  className,
}: {
  post: Pick<PostSummary, 'slug' | 'title' | 'post_type'> & { published_at?: string | null | undefined };
  className?: string | undefined;
}) {
  const h = slugHash(post.slug);
  const hue = h % 360;
  const hue2 = (hue + 35 + ((h >>> 9) % 50)) % 360;
  const pattern = (h >>> 16) % 3;
  const id = `cover-${post.slug.replace(/[^a-z0-9-]/gi, '')}-${h.toString(36)}`;
  const lines = titleLines(post.title);
  const kind = post.post_type === 'press_release' ? 'PRESS RELEASE' : 'BLOG';
  const date = coverDate(post.published_at);
  const top = 190 - lines.length * 24;
  return (
    <svg
      data-testid="post-cover-placeholder"
      data-hue={hue}
      aria-hidden="true"
      viewBox="0 0 640 360"
      preserveAspectRatio="xMinYMid slice"
      className={cn('block w-full bg-slate-800', className)}
    >
      <defs>
        <linearGradient id={`${id}-g`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 62% 30%)`} />
          <stop offset="1" stopColor={`hsl(${hue2} 70% 46%)`} />
        </linearGradient>
      </defs>
      <rect width="640" height="360" fill={`url(#${id}-g)`} />
      {pattern === 0 &&
        [0, 1, 2, 3, 4].map((i) => (
          <circle
            key={i}
            cx={520 - i * 30}
            cy={60 + i * 10}
            r={90 + i * 40}
            fill="none"
            stroke="white"
            strokeOpacity="0.09"
            strokeWidth="18"
          />
        ))}
      {pattern === 1 &&
        [0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
          <line key={i} x1={300 + i * 60} y1="0" x2={160 + i * 60} y2="360" stroke="white" strokeOpacity="0.08" strokeWidth="22" />
        ))}
      {pattern === 2 &&
        [0, 1, 2, 3].map((i) => (
          <rect
            key={i}
            x={430 + (i % 2) * 80}
            y={30 + i * 70}
            width="120"
            height="120"
            rx="18"
            fill="white"
            fillOpacity="0.07"
            transform={`rotate(${15 * i} 500 180)`}
          />
        ))}
      <text
        x="40"
        y="58"
        fill="white"
        fillOpacity="0.85"
        fontSize="17"
        fontWeight="700"
        letterSpacing="3"
        fontFamily="system-ui, sans-serif"
      >
        {kind}
      </text>
      <text x="40" y={top} fill="white" fontSize="34" fontWeight="700" fontFamily="system-ui, sans-serif">
        {lines.map((l, i) => (
          <tspan key={i} x="40" dy={i === 0 ? 0 : 44}>
            {l}
          </tspan>
        ))}
      </text>
      {date && (
        <text x="40" y="318" fill="white" fillOpacity="0.8" fontSize="18" fontFamily="system-ui, sans-serif">
          {date}
        </text>
      )}
    </svg>
  );
}

/**
 * The post's picture, or (no picture, or it cannot be loaded) a cover drawn from its kind, title and date. `className` sizes the box (aspect ratio or height).
 */
export function PostCover({
  post,
  className,
  eager,
  alt,
}: {
  post: Pick<PostSummary, 'slug' | 'title' | 'image_url' | 'post_type'> & { published_at?: string | null | undefined };
  className?: string;
  eager?: boolean;
  /** The picture's alt text (a post page's own, decision 206); the title when not given. */
  alt?: string | undefined;
}) {
  const src = postImage(post);
  const [failed, setFailed] = useState<string | null>(null);
  // A server-drawn page's picture may have failed before the app hydrated, when no onError
  // listened: it then sits loaded-but-empty, alt text over a grey box. Checked on mount; an image
  // that merely has not loaded yet (lazy, below the fold) is asked for again to tell the two apart.
  const checkLoaded = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img || !src || !img.complete || img.naturalWidth > 0) return;
      const probe = new Image();
      probe.onerror = () => setFailed(src);
      probe.src = img.currentSrc || src;
    },
    [src],
  );
  if (src && failed !== src) {
    return (
      <img
        ref={checkLoaded}
        src={src}
        alt={alt ?? post.title}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailed(src)}
        className={cn('w-full bg-slate-100 object-cover', className)}
      />
    );
  }
  return <GeneratedCover post={post} className={className} />;
}
