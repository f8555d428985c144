import { TAG_LIMITS, TAG_PAGES, type AdminTag } from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { TextField } from '../../../components/ui/Field.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { ApiError } from '../../../lib/api.ts';
import { adminKeys } from '../api/keys.ts';
import { tagsApi, tagsKey, tagsQuery } from '../api/tags.ts';
import { ListSpinner, LoadError } from './Shared.tsx';

const failed = (what: string) => (err: unknown) => {
  console.error(err);
  toast.error(what, { description: err instanceof ApiError ? err.detail : undefined });
};

/** Create, rename and delete tags (decision 204); a change reloads the tags and the post lists. */
export function TagManager({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  // Read again on opening: the post counts move as posts are tagged.
  const tags = useQuery({ ...tagsQuery(), refetchOnMount: 'always' });
  const [name, setName] = useState('');
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: tagsKey });
    void queryClient.invalidateQueries({ queryKey: adminKeys.posts('blog') });
    void queryClient.invalidateQueries({ queryKey: adminKeys.posts('press_release') });
  };
  const create = useMutation({
    mutationFn: () => tagsApi.create({ name: name.trim() }),
    onSuccess: (tag) => {
      toast.success(`Tag “${tag.name}” created`);
      setName('');
      changed();
    },
    onError: failed('The tag was not created'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) create.mutate();
  };

  return (
    <Modal open onClose={onClose} title="Tags" size="lg">
      <div className="space-y-5">
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <TextField
              label="New tag"
              value={name}
              maxLength={TAG_LIMITS.nameMax}
              autoComplete="off"
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
            Create tag
          </Button>
        </form>
        {tags.data ? (
          tags.data.tags.length === 0 ? (
            <EmptyState title="No tags yet" hint="Create one here, or in a post's Tags field." />
          ) : (
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label="Tags">
              {tags.data.tags.map((t) => (
                <TagRow key={t.id} tag={t} onChanged={changed} />
              ))}
            </ul>
          )
        ) : tags.isError ? (
          <LoadError what="tags" onRetry={() => void tags.refetch()} />
        ) : (
          <ListSpinner />
        )}
      </div>
    </Modal>
  );
}

function TagRow({ tag, onChanged }: { tag: AdminTag; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(tag.name);
  const [slug, setSlug] = useState(tag.slug);
  const rename = useMutation({
    mutationFn: () => tagsApi.update(tag.id, { name: name.trim(), slug: slug.trim() !== tag.slug ? slug.trim() : null }),
    onSuccess: (t) => {
      toast.success(`Tag saved as “${t.name}”`);
      setEditing(false);
      onChanged();
    },
    onError: failed('The tag was not saved'),
  });
  const remove = useMutation({
    mutationFn: () => tagsApi.remove(tag.id),
    onSuccess: () => {
      toast.success(`Tag “${tag.name}” deleted`);
      onChanged();
    },
    onError: failed('The tag was not deleted'),
  });
  const posts = `${tag.post_count} ${tag.post_count === 1 ? 'post' : 'posts'}`;

  if (editing) {
    return (
      <li className="p-3">
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) rename.mutate();
          }}
        >
          <div className="flex-1">
            <TextField
              label={`Name of ${tag.name}`}
              value={name}
              maxLength={TAG_LIMITS.nameMax}
              autoComplete="off"
              onChange={(e) => setName(e.target.value)}
              autoFocus
            />
          </div>
          <div className="flex-1">
            <TextField
              label="Slug"
              hint="Changing it moves the tag page; the old address redirects to the new one."
              value={slug}
              maxLength={80}
              autoComplete="off"
              onChange={(e) => setSlug(e.target.value)}
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit" size="sm" loading={rename.isPending} disabled={!name.trim()}>
              Save
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="admin-tag">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{tag.name}</p>
        <p className="text-xs text-slate-500">
          <a href={TAG_PAGES.page(tag.slug)} target="_blank" rel="noopener" className="font-mono underline">
            {TAG_PAGES.page(tag.slug)}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>{' '}
          · {posts}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Rename ${tag.name}`}>
          Rename
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700! hover:bg-red-50!"
          loading={remove.isPending}
          aria-label={`Delete ${tag.name}`}
          onClick={() => {
            if (window.confirm(`Delete the tag “${tag.name}”? It is taken off ${posts}; the posts stay.`)) remove.mutate();
          }}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
