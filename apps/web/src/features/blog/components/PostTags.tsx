import { TAG_PAGES, type PostTag } from '@assay/shared';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn.ts';

/** A post's tags, each a link to its tag page (decision 204). Nothing when it has none. */
export function PostTags({ tags, className }: { tags: Pick<PostTag, 'name' | 'slug'>[]; className?: string }) {
  if (!tags.length) return null;
  return (
    <nav aria-label="Tags" className={cn(className)}>
      <ul className="flex flex-wrap gap-2">
        {tags.map((t) => (
          <li key={t.slug}>
            <Link
              to={TAG_PAGES.page(t.slug)}
              className="inline-flex min-h-9 items-center rounded-full border border-brand-200 bg-brand-50 px-3 text-sm font-medium text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <span aria-hidden="true">#</span>
              {t.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
