import { MSG, type PostSummary } from '@assay/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { PageSpinner } from '../../../components/ui/Spinner.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { featuredPostsQuery } from '../api/list-posts.ts';
import { ListHero } from '../components/ListHero.tsx';
import { LoadFailed, NoPosts, resultsText, Searching } from '../components/ListStates.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { PostCard, WidePostCard } from '../components/PostCard.tsx';
import { PostGrid } from '../components/PostGrid.tsx';
import { SearchBox } from '../components/SearchBox.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useFeedLink } from '../hooks/useDocumentMeta.ts';
import { usePostList } from '../hooks/usePostList.ts';

/** /blog (SPEC section 2): hero with search, Featured Articles, Latest Articles and pagination. */
export default function BlogListPage() {
  usePageTitle('Blog');
  useFeedLink('blog');
  const list = usePostList('blog', MSG.blogLoadFailed);
  const featured = useQuery(featuredPostsQuery());
  const latestRef = useRef<HTMLHeadingElement>(null);

  const featuredPosts = featured.data?.posts ?? [];
  const showFeatured = !list.searching && featuredPosts.length > 0;

  const changePage = (p: number) => {
    list.changePage(p);
    latestRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <>
      <ListHero
        eyebrow="Assay Blog"
        title="Insights for inventors"
        lead="Practical guides on technology readiness, intellectual property, commercialisation and what investors look for."
      >
        <SearchBox
          value={list.text}
          onChange={list.setText}
          label="Search articles"
          placeholder="Search articles..."
          busy={list.updating}
        />
      </ListHero>

      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        {showFeatured && <FeaturedArticles posts={featuredPosts} />}

        <section aria-labelledby="latest-title" className={cn(showFeatured && 'mt-16')}>
          <div className="flex flex-wrap items-end justify-between gap-2">
            <h2 id="latest-title" ref={latestRef} className="scroll-mt-24 text-2xl font-bold tracking-tight text-slate-900">
              Latest Articles
            </h2>
            <p aria-live="polite" className="text-sm text-slate-500">
              {list.searching && !list.loading && !list.searchPending ? resultsText(list.resultCount, list.text.trim()) : ''}
            </p>
          </div>

          <div className="mt-6">
            {list.loading ? (
              <PageSpinner />
            ) : list.failed ? (
              <LoadFailed title={MSG.blogLoadFailed} onRetry={list.retry} retrying={list.retrying} />
            ) : list.posts.length === 0 && list.searchPending ? (
              <Searching />
            ) : list.posts.length === 0 ? (
              <NoPosts searching={list.searching} title="No articles found" noneYet="No blog posts available yet" />
            ) : (
              <PostGrid posts={list.posts} dimmed={list.updating} />
            )}
          </div>

          <Pagination
            className="mt-12"
            label="Blog pages"
            page={list.page}
            pages={list.loading || list.failed ? 1 : list.pages}
            onPageChange={changePage}
          />
        </section>
      </div>
    </>
  );
}

function FeaturedArticles({ posts }: { posts: PostSummary[] }) {
  const [first, ...rest] = posts;
  return (
    <section aria-labelledby="featured-title">
      <h2 id="featured-title" className="text-2xl font-bold tracking-tight text-slate-900">
        Featured Articles
      </h2>
      <div className="mt-6 space-y-6">
        {first && <WidePostCard post={first} />}
        {rest.length > 0 && (
          <ul className="grid gap-6 sm:grid-cols-2">
            {rest.map((p) => (
              <li key={p.id}>
                <PostCard post={p} featured />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
