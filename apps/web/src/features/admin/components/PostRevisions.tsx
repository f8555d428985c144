import { formatDayTime, MSG, type AdminPost, type PostRevisionSummary } from '@assay/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
      toast.error(err instanceof ApiError && err.status === 409 ? 'Not restored: someone else saved this post' : 'Could not restore the revision', {
        description: errorText(err, MSG.postSaveFailed),
      });
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
                    <Button size="sm" variant="ghost" aria-expanded={viewing === r.id} onClick={() => setViewing(viewing === r.id ? null : r.id)}>
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
                {viewing === r.id && <RevisionView postId={post.id} revisionId={r.id} />}
              </li>
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}

function RevisionView({ postId, revisionId }: { postId: string; revisionId: string }) {
  const rev = useQuery({
    queryKey: [...adminKeys.all, 'post-revision', revisionId],
    queryFn: ({ signal }) => postsApi.revision(postId, revisionId, signal),
    staleTime: Infinity,
    meta: SILENT,
  });
  if (rev.isPending) return <Spinner className="mt-2 size-4" label="Loading revision" />;
  if (rev.isError) return <p className="mt-2 text-sm text-slate-600">The revision could not be loaded.</p>;
  return (
    <div className="mt-2 max-h-80 overflow-auto rounded-lg border border-slate-200 bg-slate-50 px-4 py-3" data-testid="revision-view">
      <p className="font-semibold text-slate-900">{rev.data.title}</p>
      <p className="mt-1 text-sm text-slate-600">{rev.data.description}</p>
      {/* Stored content was sanitised when it was saved (decision 032). */}
      <div className="prose-content mt-3 text-sm" dangerouslySetInnerHTML={{ __html: rev.data.content }} />
    </div>
  );
}
