import type { PostSummary } from '@assay/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/Badge.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { formatPostDate, formatViews, isExternalPress, postDateTime, postPath } from '../format.ts';
import { ArrowRightIcon, CalendarIcon, EyeIcon, ExternalLinkIcon, UserIcon } from './icons.tsx';
import { PostCover } from './PostCover.tsx';

/**
 * Where a card leads: its detail page, or, for a press release whose image_url is an outside
 * address, that article in a new tab (docs/product.md §2).
 */
function PostLink({
  post,
  className,
  children,
  hidden,
}: {
  post: PostSummary;
  className?: string;
  children: ReactNode;
  /** A second link to the same place (the picture): kept out of the tab order and the accessibility tree. */
  hidden?: boolean;
}) {
  const a11y = hidden ? ({ tabIndex: -1, 'aria-hidden': true } as const) : {};
  if (isExternalPress(post)) {
    return (
      <a href={post.image_url!} target="_blank" rel="noopener noreferrer" className={className} {...a11y}>
        {children}
      </a>
    );
  }
  return (
    <Link to={postPath(post)} className={className} {...a11y}>
      {children}
    </Link>
  );
}

export function PostMeta({ post, showViews = true, className }: { post: PostSummary; showViews?: boolean; className?: string }) {
  return (
    <p className={cn('flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500', className)}>
      <span className="inline-flex items-center gap-1.5">
        <CalendarIcon />
        <time dateTime={postDateTime(post)}>{formatPostDate(post)}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <UserIcon />
        <span>{post.author_name}</span>
      </span>
      {showViews && (
        <span className="inline-flex items-center gap-1.5">
          <EyeIcon />
          <span>{formatViews(post.view_count)}</span>
        </span>
      )}
    </p>
  );
}

/** The link at the foot of a card: 'Read More', or 'Read Article' with an outside-link icon. */
function ReadMore({ post }: { post: PostSummary }) {
  const external = isExternalPress(post);
  return (
    <PostLink post={post} className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-800">
      {external ? 'Read Article' : 'Read More'}
      <span className="sr-only">: {post.title}</span>
      {external ? (
        <>
          <ExternalLinkIcon />
          <span className="sr-only">(opens in a new tab)</span>
        </>
      ) : (
        <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
      )}
    </PostLink>
  );
}

/** A post in a grid: picture, date, author, title, description, views and Read More. */
export function PostCard({ post, showViews = true, featured }: { post: PostSummary; showViews?: boolean; featured?: boolean }) {
  const external = isExternalPress(post);
  return (
    <article
      data-testid="post-card"
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <PostLink post={post} hidden className="block overflow-hidden">
        <PostCover post={post} className="aspect-[2/1] transition-transform sm:aspect-[16/9] duration-300 group-hover:scale-[1.02]" />
      </PostLink>
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        {(featured || external) && (
          <div className="mb-3 flex gap-2">
            {featured && <Badge tone="brand">Featured</Badge>}
            {external && <Badge tone="info">External article</Badge>}
          </div>
        )}
        <PostMeta post={post} showViews={showViews} />
        <h3 className="mt-3 text-lg font-semibold leading-snug text-pretty text-slate-900">
          <PostLink post={post} className="rounded-sm hover:text-brand-700">
            {post.title}
          </PostLink>
        </h3>
        <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-600">{post.description}</p>
        <div className="mt-auto pt-5">
          <ReadMore post={post} />
        </div>
      </div>
    </article>
  );
}

/** The first featured post, wide: picture beside the text from tablets up. */
export function WidePostCard({ post }: { post: PostSummary }) {
  return (
    <article
      data-testid="post-card"
      className="group grid overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md md:grid-cols-5"
    >
      <PostLink post={post} hidden className="block overflow-hidden md:col-span-2">
        <PostCover
          post={post}
          eager
          className="aspect-[2/1] h-full transition-transform sm:aspect-[16/9] duration-300 group-hover:scale-[1.02] md:aspect-auto md:min-h-64"
        />
      </PostLink>
      <div className="flex flex-col p-6 sm:p-8 md:col-span-3">
        <div className="mb-3">
          <Badge tone="brand">Featured</Badge>
        </div>
        <PostMeta post={post} />
        <h3 className="mt-3 text-xl font-bold leading-snug text-pretty text-slate-900 sm:text-2xl">
          <PostLink post={post} className="rounded-sm hover:text-brand-700">
            {post.title}
          </PostLink>
        </h3>
        <p className="mt-3 text-base leading-relaxed text-slate-600">{post.description}</p>
        <div className="mt-auto pt-6">
          <ReadMore post={post} />
        </div>
      </div>
    </article>
  );
}
