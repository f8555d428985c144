import { FEEDS, MSG, PUBLIC_PAGE_META, type PostSummary, type PostType } from '@assay/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { SearchBox } from '../../../components/ui/SearchBox.tsx';
import { PageSpinner } from '../../../components/ui/Spinner.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { featuredPostsQuery } from '../api/list-posts.ts';
import { ListHero } from '../components/ListHero.tsx';
import { LoadFailed, NoPosts, resultsText, Searching } from '../components/ListStates.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { PostCard, WidePostCard } from '../components/PostCard.tsx';
import { PostGrid } from '../components/PostGrid.tsx';
import { usePostList } from '../hooks/usePostList.ts';
import { scrollBehavior } from '../../../lib/motion.ts';

/** What differs between the list pages: their words, and whether featured posts and views are shown. */
interface ListCopy {
  eyebrow: string;
  title: string;
  lead: string;
  searchLabel: string;
  listTitle: string;
  /** One post, several posts. */
  noun: [string, string];
  emptyTitle: string;
  noneYet: string;
  failed: string;
  pagesLabel: string;
  featured: boolean;
  showViews: boolean;
}

const COPY: Record<PostType, ListCopy> = {
  blog: {
    eyebrow: 'Assay Blog',
    title: 'Insights for inventors',
    lead: 'Practical guides on technology readiness, intellectual property, commercialisation and what investors look for.',
    searchLabel: 'Search articles',
    listTitle: 'Latest Articles',
    noun: ['article', 'articles'],
    emptyTitle: 'No articles found',
    noneYet: 'No blog posts available yet',
    failed: MSG.blogLoadFailed,
    pagesLabel: 'Blog pages',
    featured: true,
    showViews: true,
  },
  press_release: {
    eyebrow: 'Newsroom',
    title: 'Press Releases',
    lead: 'Announcements from Assay and coverage of our work in the news.',
    searchLabel: 'Search press releases',
    listTitle: 'Latest News',
    noun: ['release', 'releases'],
    emptyTitle: 'No press releases found',
    noneYet: 'No press releases available yet',
    failed: MSG.pressLoadFailed,
    pagesLabel: 'Press release pages',
    featured: false,
    showViews: false,
  },
};

/**
 * The list page of one post type (docs/product.md §2: /blog and /press-releases): hero with search,
 * the blog's Featured Articles, the page of posts and pagination. The page and search live in the
 * address; a press release whose image_url is an outside address opens that article in a new tab.
 */
export function PostListPage({ postType }: { postType: PostType }) {
  const copy = COPY[postType];
  // The feeds are named in every page's <head> by the server (decision 173).
  usePageTitle(PUBLIC_PAGE_META[FEEDS[postType].page].name);
  const list = usePostList(postType, copy.failed);
  const featured = useQuery({ ...featuredPostsQuery(), enabled: copy.featured });
  const listRef = useRef<HTMLHeadingElement>(null);

  const featuredPosts = featured.data?.posts ?? [];
  const showFeatured = copy.featured && !list.searching && featuredPosts.length > 0;
  const firstLoad = list.loading || (copy.featured && featured.isLoading);

  const changePage = (p: number) => {
    list.changePage(p);
    listRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  };

  const [one, many] = copy.noun;
  const summary =
    list.loading || list.failed || list.searchPending
      ? ''
      : list.searching
        ? resultsText(list.resultCount, list.text.trim())
        : list.total > 0
          ? `${list.total} ${list.total === 1 ? one : many}`
          : '';

  return (
    <>
      <ListHero eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead}>
        <SearchBox
          size="lg"
          className="mx-auto w-full max-w-xl"
          value={list.text}
          onChange={list.setText}
          label={copy.searchLabel}
          placeholder={`${copy.searchLabel}...`}
          busy={list.updating}
        />
      </ListHero>

      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        {firstLoad ? (
          // Until the first page and the featured posts are both here, one box at least a
          // screen tall: what arrives then fills it instead of pushing a heading, the
          // pagination and the footer down one after another (no layout shift, decision 125).
          <div className="min-h-screen">
            <PageSpinner />
          </div>
        ) : (
          <>
            {showFeatured && <FeaturedArticles posts={featuredPosts} />}

            <section aria-labelledby="list-title" className={cn(showFeatured && 'mt-16')}>
              <div className="flex flex-wrap items-end justify-between gap-2">
                <h2 id="list-title" ref={listRef} className="scroll-mt-24 text-2xl font-bold tracking-tight text-slate-900">
                  {copy.listTitle}
                </h2>
                <p aria-live="polite" className="text-sm text-slate-600">
                  {summary}
                </p>
              </div>

              <div className="mt-6">
                {list.loading ? (
                  <PageSpinner />
                ) : list.failed ? (
                  <LoadFailed title={copy.failed} onRetry={list.retry} retrying={list.retrying} />
                ) : list.posts.length === 0 && list.searchPending ? (
                  <Searching />
                ) : list.posts.length === 0 ? (
                  <NoPosts searching={list.searching} title={copy.emptyTitle} noneYet={copy.noneYet} />
                ) : (
                  <PostGrid posts={list.posts} dimmed={list.updating} showViews={copy.showViews} />
                )}
              </div>

              <Pagination
                className="mt-12"
                label={copy.pagesLabel}
                page={list.page}
                pages={list.loading || list.failed ? 1 : list.pages}
                onPageChange={changePage}
              />
            </section>
          </>
        )}
      </div>
    </>
  );
}

/** The first featured post wide, the others in pairs; one left over is wide too, so no half row stays empty. */
function FeaturedArticles({ posts }: { posts: PostSummary[] }) {
  const [first, ...rest] = posts;
  const pairs = rest.length % 2 === 0 ? rest : rest.slice(0, -1);
  const last = rest.length % 2 === 0 ? undefined : rest.at(-1);
  return (
    <section aria-labelledby="featured-title">
      <h2 id="featured-title" className="text-2xl font-bold tracking-tight text-slate-900">
        Featured Articles
      </h2>
      <div className="mt-6 space-y-6">
        {first && <WidePostCard post={first} />}
        {pairs.length > 0 && (
          <ul className="grid gap-6 sm:grid-cols-2">
            {pairs.map((p) => (
              <li key={p.id}>
                <PostCard post={p} featured />
              </li>
            ))}
          </ul>
        )}
        {last && <WidePostCard post={last} />}
      </div>
    </section>
  );
}
