import type { PostSummary } from '@assay/shared';
import { cn } from '../../../components/ui/cn.ts';
import { PostCard } from './PostCard.tsx';

/** Cards in one column on phones, two on tablets, three on desktops. */
export function PostGrid({ posts, dimmed, showViews = true }: { posts: PostSummary[]; dimmed?: boolean; showViews?: boolean }) {
  return (
    <ul
      data-testid="post-grid"
      aria-busy={dimmed || undefined}
      className={cn('grid grid-cols-1 gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3', dimmed && 'opacity-60')}
    >
      {posts.map((p) => (
        <li key={p.id}>
          <PostCard post={p} showViews={showViews} />
        </li>
      ))}
    </ul>
  );
}
