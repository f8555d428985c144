import { blogEndpoints, MSG } from '@assay/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { call } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/page-title.ts';
import { isNotFound } from '../api/get-post.ts';
import { PostSkeleton } from '../components/PostSkeleton.tsx';
import { PostArticle } from './PostPage.tsx';

/** Keeps search engines off the page while it is shown (the server's first answer says so too). */
function useNoIndex() {
  useEffect(() => {
    const tag = document.createElement('meta');
    tag.name = 'robots';
    tag.content = 'noindex, nofollow';
    document.head.appendChild(tag);
    return () => tag.remove();
  }, []);
}

/** /preview/{token}: a post as saved, draft or not, from an operator's signed, short-lived link. */
export default function PreviewPage() {
  const { token = '' } = useParams();
  useNoIndex();
  const post = useQuery({
    queryKey: ['posts', 'preview', token],
    queryFn: ({ signal }) => call(blogEndpoints.readPreview, { params: { token }, signal }),
    retry: false,
    staleTime: 0,
    meta: { silent: true },
  });
  useDocumentTitle(post.data ? `Preview: ${post.data.meta_title || post.data.title}` : 'Preview');

  if (post.isPending) return <PostSkeleton />;
  if (post.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <EmptyState
          title={isNotFound(post.error) ? 'Preview not available' : MSG.blogPostLoadFailed}
          hint={isNotFound(post.error) ? MSG.postPreviewNotFound : 'Please check your connection and try again.'}
          action={
            <Link to="/blog" className={buttonClass('primary', 'md')}>
              Go to the blog
            </Link>
          }
        />
      </div>
    );
  }
  const draft = post.data.status !== 'published';
  return (
    <>
      <div
        role="status"
        data-testid="preview-banner"
        className="border-b border-amber-300 bg-amber-100 px-4 py-3 text-center text-sm font-medium text-amber-950"
      >
        {draft ? 'Preview — not published. Only people with this link can see it.' : 'Preview — as saved. This post is published.'}
      </div>
      <PostArticle post={post.data} back={null} />
    </>
  );
}
