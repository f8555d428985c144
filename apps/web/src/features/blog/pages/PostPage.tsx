import { MSG, type Post, type PostType } from '@assay/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { isNotFound, postQuery } from '../api/get-post.ts';
import { relatedPostsQuery } from '../api/list-posts.ts';
import { ArrowLeftIcon, ExternalLinkIcon } from '../components/icons.tsx';
import { PostMeta } from '../components/PostCard.tsx';
import { PostCover } from '../components/PostCover.tsx';
import { PostSkeleton } from '../components/PostSkeleton.tsx';
import { RelatedArticles } from '../components/RelatedArticles.tsx';
import { PostTags } from '../components/PostTags.tsx';
import { ShareButtons } from '../components/ShareButtons.tsx';
import { isExternalPress, postImage } from '../format.ts';
import { playVideoCard } from '../lib/video-cards.ts';
import { useDocumentTitle } from '../../../lib/page-title.ts';
import { useMetaDescription } from '../hooks/useDocumentMeta.ts';
import { useErrorToast } from '../hooks/useErrorToast.ts';

/** How long the 'Post not found' state stays before the reader is taken back to the list. */
export const NOT_FOUND_REDIRECT_MS = 2000;

const SECTIONS: Record<PostType, { list: string; back: string }> = {
  blog: { list: '/blog', back: 'Back to Blog' },
  press_release: { list: '/press-releases', back: 'Back to Press Releases' },
};

const errorMessage = (err: unknown) => (isNotFound(err) ? MSG.blogPostNotFound : MSG.blogPostLoadFailed);

/** /blog/{slug} and /press-releases/{slug} (docs/product.md §2). */
export default function PostPage() {
  const { slug = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const postType: PostType = pathname.startsWith('/press-releases') ? 'press_release' : 'blog';
  const section = SECTIONS[postType];

  const post = useQuery(postQuery(slug, postType));
  const related = useQuery(relatedPostsQuery(slug));
  const notFound = post.isError && isNotFound(post.error);

  useErrorToast(post.error, post.errorUpdatedAt, errorMessage);
  useDocumentTitle(post.data ? post.data.meta_title || post.data.title : undefined);
  useMetaDescription(post.data?.meta_description);

  // Read by a former slug: show the address the post has now.
  const currentSlug = post.data?.slug;
  useEffect(() => {
    if (currentSlug && currentSlug !== slug) navigate(`${section.list}/${encodeURIComponent(currentSlug)}`, { replace: true });
  }, [currentSlug, slug, navigate, section.list]);

  // A missing post: say so, then go back to the list.
  useEffect(() => {
    if (!notFound) return;
    const t = setTimeout(() => navigate(section.list, { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [notFound, navigate, section.list]);

  const back = (
    <Link to={section.list} className={buttonClass('ghost', 'sm')}>
      <ArrowLeftIcon />
      {section.back}
    </Link>
  );

  if (post.isPending) return <PostSkeleton />;

  if (post.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        {notFound ? (
          <EmptyState
            title={MSG.postNotFoundPage}
            hint="The post may have been moved or unpublished. Taking you back…"
            action={
              <Link to={section.list} className={buttonClass('primary', 'md')}>
                <ArrowLeftIcon />
                {section.back}
              </Link>
            }
          />
        ) : (
          <EmptyState
            title={MSG.blogPostLoadFailed}
            hint="Please check your connection and try again."
            action={
              <div className="flex flex-wrap justify-center gap-3">
                <Button variant="outline" onClick={() => void post.refetch()} loading={post.isFetching}>
                  Try again
                </Button>
                {back}
              </div>
            }
          />
        )}
      </div>
    );
  }

  const relatedPosts = (related.data?.posts ?? []).filter((p) => p.slug !== slug && p.id !== post.data.id).slice(0, 3);
  return (
    <>
      <PostArticle post={post.data} back={back} />
      <RelatedArticles posts={relatedPosts} />
    </>
  );
}

/** The feature picture's alt text: empty for a decorative one, the title for a post saved before alt text existed. */
const featureAlt = (post: Post) => (post.image_decorative ? '' : post.image_alt?.trim() || post.title);

export function PostArticle({ post, back }: { post: Post; back: ReactNode }) {
  const image = postImage(post);
  const external = isExternalPress(post);
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = body.current;
    el?.addEventListener('click', playVideoCard);
    return () => el?.removeEventListener('click', playVideoCard);
  }, []);
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="-ml-3">{back}</div>
      <header className="mt-6">
        <h1 className="text-3xl font-bold leading-tight tracking-tight text-pretty text-slate-900 sm:text-4xl">{post.title}</h1>
        <PostMeta post={post} className="mt-4" />
        <div className="mt-6 border-y border-slate-200 py-4">
          <ShareButtons title={post.title} />
        </div>
      </header>
      {image && (
        <figure className="mt-8" data-testid="post-feature">
          <div className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-100">
            <PostCover post={post} eager className="max-h-[28rem]" alt={featureAlt(post)} />
          </div>
          {post.image_caption && <figcaption className="mt-2 text-center text-sm text-slate-600">{post.image_caption}</figcaption>}
        </figure>
      )}
      <div ref={body} className="prose-content mt-8 text-base sm:text-lg" dangerouslySetInnerHTML={{ __html: post.content }} />
      {post.post_type === 'blog' && <PostTags tags={post.tags} className="mt-10 border-t border-slate-200 pt-6" />}
      {external && (
        <p className="mt-8">
          <a href={post.image_url!} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', 'md')}>
            Read the full article
            <ExternalLinkIcon />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </p>
      )}
    </article>
  );
}
