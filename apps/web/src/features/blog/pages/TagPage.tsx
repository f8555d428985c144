import { MSG, TAG_PAGES } from '@assay/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { buttonClass } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { PageSpinner } from '../../../components/ui/Spinner.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { isNotFound } from '../api/get-post.ts';
import { tagPageQuery } from '../api/tag-page.ts';
import { ArrowLeftIcon } from '../components/icons.tsx';
import { ListHero } from '../components/ListHero.tsx';
import { LoadFailed } from '../components/ListStates.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { PostGrid } from '../components/PostGrid.tsx';
import { useErrorToast } from '../hooks/useErrorToast.ts';
import { clampPage, useListParams } from '../hooks/useListParams.ts';
import { scrollBehavior } from '../../../lib/motion.ts';

/**
 * /blog/tag/{slug} (decision 204): the articles carrying a tag, newest first, a page at a time (the
 * page in the address, as on /blog), with the tag's own feed. An unknown tag says so.
 */
export default function TagPage() {
  const { slug = '' } = useParams();
  const { page, setPage } = useListParams();
  const list = useQuery(tagPageQuery(slug, page));
  const notFound = list.isError && isNotFound(list.error);
  useErrorToast(notFound ? null : list.error, list.errorUpdatedAt, MSG.blogLoadFailed);
  const data = list.data;
  usePageTitle(data ? TAG_PAGES.name(data.tag.name) : 'Tag');
  const listRef = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const { search } = useLocation();

  // Read by a former slug (the tag was renamed, decision 226): show the address the tag has now.
  const currentSlug = data?.tag.slug;
  useEffect(() => {
    if (currentSlug && currentSlug !== slug) navigate(`${TAG_PAGES.page(currentSlug)}${search}`, { replace: true });
  }, [currentSlug, slug, search, navigate]);

  // A page past the end (an old link, or posts were untagged): go to the last page.
  const fresh = data && !list.isPlaceholderData ? data : undefined;
  useEffect(() => {
    if (fresh && page > fresh.pages) setPage(fresh.pages, { replace: true });
  }, [fresh, page, setPage]);

  const allArticles = (
    <Link to="/blog" className={buttonClass('ghost', 'sm')}>
      <ArrowLeftIcon />
      All articles
    </Link>
  );

  if (notFound) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <EmptyState
          title="Tag not found"
          hint="There is no tag at this address. It may have been renamed or removed."
          action={allArticles}
        />
      </div>
    );
  }

  const pages = data?.pages ?? 1;
  const changePage = (p: number) => {
    setPage(clampPage(p, pages));
    listRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  };

  return (
    <>
      <ListHero
        eyebrow="Assay Blog · Tag"
        title={data?.tag.name ?? 'Tag'}
        lead={data ? TAG_PAGES.description(data.tag.name) : 'Articles on the Assay blog.'}
      >
        <div className="flex flex-wrap items-center justify-center gap-3">
          {allArticles}
          {data && (
            <a href={TAG_PAGES.feed(data.tag.slug)} className={buttonClass('outline', 'sm')}>
              RSS feed<span className="sr-only"> of articles tagged {data.tag.name}</span>
            </a>
          )}
        </div>
      </ListHero>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <section aria-labelledby="list-title">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <h2 id="list-title" ref={listRef} className="scroll-mt-24 text-2xl font-bold tracking-tight text-slate-900">
              {data ? TAG_PAGES.name(data.tag.name) : 'Articles'}
            </h2>
            <p aria-live="polite" className="text-sm text-slate-600">
              {data ? `${data.total} ${data.total === 1 ? 'article' : 'articles'}` : ''}
            </p>
          </div>
          <div className="mt-6 min-h-64">
            {list.isPending ? (
              <PageSpinner />
            ) : list.isError && !data ? (
              <LoadFailed title={MSG.blogLoadFailed} onRetry={() => void list.refetch()} retrying={list.isFetching} />
            ) : data && data.posts.length === 0 ? (
              <EmptyState title="No articles with this tag yet" hint="Articles tagged this way will appear here." action={allArticles} />
            ) : (
              <PostGrid posts={data?.posts ?? []} dimmed={list.isFetching && !list.isPending} />
            )}
          </div>
          <Pagination className="mt-12" label="Tag pages" page={clampPage(page, pages)} pages={pages} onPageChange={changePage} />
        </section>
      </div>
    </>
  );
}
