import { Button } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';

export const SEARCH_HINT = 'Try adjusting your search terms';

/**
 * Nothing to show (docs/product.md §2): the title stays, the hint says whether the search is the
 * reason or there is simply nothing published yet.
 */
export function NoPosts({ searching, title, noneYet }: { searching: boolean; title: string; noneYet: string }) {
  return <EmptyState title={title} hint={searching ? SEARCH_HINT : noneYet} />;
}

/** The list could not be loaded and nothing is on screen (the toast has already said so). */
export function LoadFailed({ title, onRetry, retrying }: { title: string; onRetry: () => void; retrying: boolean }) {
  return (
    <EmptyState
      title={title}
      hint="Please check your connection and try again."
      action={
        <Button variant="outline" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      }
    />
  );
}

/** '3 results for “patent”', announced politely as the reader searches. */
export const resultsText = (n: number, term: string) => `${n === 0 ? 'No' : n} ${n === 1 ? 'result' : 'results'} for “${term}”`;

/** Nothing on this page matches yet, and the server is still looking through every page. */
export function Searching() {
  return (
    <div className="flex items-center justify-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-sm text-slate-600">
      <Spinner className="size-5 text-brand-700" />
      Searching…
    </div>
  );
}
