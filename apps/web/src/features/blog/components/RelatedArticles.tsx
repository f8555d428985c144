import type { PostSummary } from '@assay/shared';
import { Link } from 'react-router';
import { formatPostDate, postDateTime, postPath } from '../format.ts';
import { PostCover } from './PostCover.tsx';

/** Up to three other blog posts, each a compact card linking to it. */
export function RelatedArticles({ posts }: { posts: PostSummary[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <h2 id="related-title" className="text-2xl font-bold tracking-tight text-slate-900">
          Related Articles
        </h2>
        <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((p) => (
            <li key={p.id}>
              <article className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-slate-50 transition-shadow hover:shadow-md">
                <Link to={postPath(p)} tabIndex={-1} aria-hidden="true" className="block overflow-hidden">
                  <PostCover post={p} className="aspect-[2/1] transition-transform duration-300 group-hover:scale-[1.02]" />
                </Link>
                <div className="flex flex-1 flex-col p-5">
                  <p className="text-sm text-slate-500">
                    <time dateTime={postDateTime(p)}>{formatPostDate(p)}</time>
                  </p>
                  <h3 className="mt-2 font-semibold leading-snug text-pretty text-slate-900">
                    <Link to={postPath(p)} className="rounded-sm hover:text-brand-700">
                      {p.title}
                    </Link>
                  </h3>
                  <p className="mt-2 line-clamp-2 text-sm text-slate-600">{p.description}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
