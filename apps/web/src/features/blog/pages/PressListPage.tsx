import { MSG } from '@assay/shared';
import { useRef } from 'react';
import { PageSpinner } from '../../../components/ui/Spinner.tsx';
import { ListHero } from '../components/ListHero.tsx';
import { LoadFailed, NoPosts, resultsText, Searching } from '../components/ListStates.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { PostGrid } from '../components/PostGrid.tsx';
import { SearchBox } from '../components/SearchBox.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useFeedLink } from '../hooks/useDocumentMeta.ts';
import { usePostList } from '../hooks/usePostList.ts';

/**
 * /press-releases (SPEC section 2): search, the releases 12 to a page, and pagination. A release
 * whose image_url is an outside address opens that article in a new tab.
 */
export default function PressListPage() {
  usePageTitle('Press Releases');
  useFeedLink('press_release');
  const list = usePostList('press_release', MSG.pressLoadFailed);
  const topRef = useRef<HTMLHeadingElement>(null);

  const changePage = (p: number) => {
    list.changePage(p);
    topRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <>
      <ListHero
        eyebrow="Newsroom"
        title="Press Releases"
        lead="Announcements from Assay and coverage of our work in the news."
      >
        <SearchBox
          value={list.text}
          onChange={list.setText}
          label="Search press releases"
          placeholder="Search press releases..."
          busy={list.updating}
        />
      </ListHero>

      <section aria-labelledby="press-title" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="press-title" ref={topRef} className="scroll-mt-24 text-2xl font-bold tracking-tight text-slate-900">
            {list.searching ? 'Search results' : 'Latest News'}
          </h2>
          <p aria-live="polite" className="text-sm text-slate-500">
            {list.loading || list.failed || list.searchPending
              ? ''
              : list.searching
                ? resultsText(list.resultCount, list.text.trim())
                : list.total > 0
                  ? `${list.total} ${list.total === 1 ? 'release' : 'releases'}`
                  : ''}
          </p>
        </div>

        <div className="mt-6">
          {list.loading ? (
            <PageSpinner />
          ) : list.failed ? (
            <LoadFailed title={MSG.pressLoadFailed} onRetry={list.retry} retrying={list.retrying} />
          ) : list.posts.length === 0 && list.searchPending ? (
            <Searching />
          ) : list.posts.length === 0 ? (
            <NoPosts searching={list.searching} title="No press releases found" noneYet="No press releases available yet" />
          ) : (
            <PostGrid posts={list.posts} dimmed={list.updating} showViews={false} />
          )}
        </div>

        <Pagination
          className="mt-12"
          label="Press release pages"
          page={list.page}
          pages={list.loading || list.failed ? 1 : list.pages}
          onPageChange={changePage}
        />
      </section>
    </>
  );
}
