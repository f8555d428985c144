import { FEEDS, formatDayTime, MSG, type AdminPost, type PostRevision, type PostRevisionSummary, type PostType } from '@assay/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { ApiError, errorText } from '../../../lib/api.ts';
import { adminKeys } from '../api/keys.ts';
import { postsApi } from '../api/posts.ts';
import { SILENT } from '../lib/admin-api.ts';

const KIND: Record<PostRevisionSummary['kind'], string> = { autosave: 'Autosaved', save: 'Saved', published: 'Published' };

/**
 * The post's revision history (decision 201): each with its time, who saved it and how; one can be
 * read, and restored as a new version (the server checks the version the form has).
 */
export function PostRevisions({ post, dirty, onRestored }: { post: AdminPost; dirty: boolean; onRestored(p: AdminPost): void }) {
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const list = useQuery({
    queryKey: [...adminKeys.all, 'post-revisions', post.id, post.version],
    queryFn: ({ signal }) => postsApi.revisions(post.id, signal),
    enabled: open,
    meta: SILENT,
  });
  const restore = useMutation({
    mutationFn: (revisionId: string) => postsApi.restore(post.id, revisionId, post.version),
    onSuccess: (restored) => {
      toast.success('Revision restored', { description: `Saved as version ${restored.version}.` });
      setViewing(null);
      onRestored(restored);
    },
    onError: (err) => {
      console.error(err);
      toast.error(
        err instanceof ApiError && err.status === 409 ? 'Not restored: someone else saved this post' : 'Could not restore the revision',
        {
          description: errorText(err, MSG.postSaveFailed),
        },
      );
    },
  });
  return (
    <details className="rounded-xl border border-slate-200" onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="post-revisions">
      <summary className="cursor-pointer px-4 py-3 text-sm font-semibold text-slate-800">Revision history</summary>
      <div className="border-t border-slate-200 px-4 py-3">
        {list.isPending ? (
          <Spinner className="size-4" label="Loading revisions" />
        ) : list.isError ? (
          <p className="text-sm text-slate-600">The revisions could not be loaded.</p>
        ) : (
          <ol className="divide-y divide-slate-100">
            {list.data.revisions.map((r, i) => (
              <li key={r.id} className="py-2" data-testid="post-revision">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="text-sm text-slate-800">{formatDayTime(r.created_at)}</span>
                  <span className="text-xs text-slate-600">
                    {KIND[r.kind]} by {r.operator_name} · version {r.version}
                    {i === 0 && ' · current'}
                  </span>
                  <span className="ml-auto flex gap-2">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-expanded={viewing === r.id}
                      onClick={() => setViewing(viewing === r.id ? null : r.id)}
                    >
                      {viewing === r.id ? 'Hide' : 'View'}
                      <span className="sr-only"> version {r.version}</span>
                    </Button>
                    {i > 0 && (
                      <Button
                        size="sm"
                        variant="outline"
                        loading={restore.isPending && restore.variables === r.id}
                        onClick={() => {
                          if (dirty && !window.confirm('Restoring replaces your unsaved changes. Restore this version?')) return;
                          restore.mutate(r.id);
                        }}
                      >
                        Restore<span className="sr-only"> version {r.version}</span>
                      </Button>
                    )}
                  </span>
                </div>
                {viewing === r.id && <RevisionView postId={post.id} postType={post.post_type} revisionId={r.id} />}
              </li>
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}

function RevisionView({ postId, postType, revisionId }: { postId: string; postType: PostType; revisionId: string }) {
  const rev = useQuery({
    queryKey: [...adminKeys.all, 'post-revision', revisionId],
    queryFn: ({ signal }) => postsApi.revision(postId, revisionId, signal),
    staleTime: Infinity,
    meta: SILENT,
  });
  if (rev.isPending) return <Spinner className="mt-2 size-4" label="Loading revision" />;
  if (rev.isError) return <p className="mt-2 text-sm text-slate-600">The revision could not be loaded.</p>;
  return (
    <div className="mt-2 max-h-96 overflow-auto rounded-lg border border-slate-200 bg-slate-50 px-4 py-3" data-testid="revision-view">
      <p className="font-semibold break-words text-slate-900">{rev.data.title}</p>
      <p className="mt-1 text-sm break-words text-slate-600">
        {rev.data.description}
        {rev.data.meta?.description_generated && <span className="italic"> (generated from the text)</span>}
      </p>
      <RevisionFields rev={rev.data} postType={postType} />
      {/* Stored content was sanitised when it was saved (decision 032). */}
      <div className="prose-content mt-3 text-sm" dangerouslySetInnerHTML={{ __html: rev.data.content }} />
    </div>
  );
}

/**
 * What the revision kept besides the text (decision 226): always its address, date, authors and
 * tags; the image text and overrides when it had them. A revision saved before revisions kept
 * these says that restoring it leaves the post's own.
 */
function RevisionFields({ rev, postType }: { rev: PostRevision; postType: PostType }) {
  const m = rev.meta;
  const rows: [string, ReactNode][] = [['Byline', rev.author_name]];
  if (m) {
    rows.push(['Address', `${FEEDS[postType].page}/${m.slug}`]);
    if (m.published_at) rows.push(['Published on', formatDayTime(m.published_at)]);
    rows.push(['Authors', m.authors.length ? <Names items={m.authors} goneText="account removed" /> : 'None chosen']);
    rows.push(['Tags', m.tags.length ? <Names items={m.tags} goneText="tag deleted" /> : 'None']);
  }
  if (rev.image_url) rows.push(['Feature image', rev.image_url]);
  if (m?.image_decorative && rev.image_url) rows.push(['Image alt text', 'None: decorative']);
  else if (m?.image_alt) rows.push(['Image alt text', m.image_alt]);
  const optional: [string, string | null | undefined][] = [
    ['Image caption', m?.image_caption],
    ['SEO title', rev.meta_title],
    ['SEO description', rev.meta_description],
    ['Canonical URL', m?.canonical_url],
    ['Open Graph title', m?.og_title],
    ['Open Graph description', m?.og_description],
    ['Open Graph image', m?.og_image_url],
    ['X (Twitter) title', m?.twitter_title],
    ['X (Twitter) description', m?.twitter_description],
    ['X (Twitter) image', m?.twitter_image_url],
  ];
  for (const [label, value] of optional) if (value) rows.push([label, value]);
  return (
    <>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]" data-testid="revision-fields">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="min-w-0 break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {!m && (
        <p className="mt-2 text-xs text-slate-600" data-testid="revision-text-only">
          Saved before revisions kept the address, date, authors, tags, image text and social overrides: restoring it brings back its text
          and keeps the post’s current ones.
        </p>
      )}
      {m && [...m.authors, ...m.tags].some((x) => x.gone) && (
        <p className="mt-2 text-xs text-slate-600">Restoring leaves out what no longer exists.</p>
      )}
    </>
  );
}

function Names({ items, goneText }: { items: { id: string; name: string; gone: boolean }[]; goneText: string }) {
  return (
    <>
      {items.map((x, i) => (
        <span key={x.id}>
          {i > 0 && ', '}
          {x.name}
          {x.gone && <span className="text-slate-600"> ({goneText})</span>}
        </span>
      ))}
    </>
  );
}
