import { MSG, type AdminPostSummary, type PostType } from '@assay/shared';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button, buttonClass } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { SelectField } from '../../../components/ui/Field.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { adminKeys } from '../api/keys.ts';
import { postQuery, postsApi, postsPagesQuery, type PostFilter } from '../api/posts.ts';
import { formatCount, formatDate, formatDateTime, postStatusTone, titleCase } from '../lib/format.ts';
import { postTypeLabel } from '../lib/post-form.ts';
import { PostFormModal } from './PostFormModal.tsx';
import { TagManager } from './TagManager.tsx';
import { tagsQuery } from '../api/tags.ts';
import { SearchBox } from '../../../components/ui/SearchBox.tsx';
import { ListSpinner, LoadError, SectionHeader } from './Shared.tsx';

const SITE_SECTION: Record<PostType, string> = { blog: '/blog', press_release: '/press-releases' };
/** Where a published post is on the site. */
export const sitePath = (p: Pick<AdminPostSummary, 'post_type' | 'slug'>) => `${SITE_SECTION[p.post_type]}/${encodeURIComponent(p.slug)}`;

/** Blog Posts / Press Releases (docs/product.md §2): search, status filter, paged list, Create, Edit, Preview, Publish/Unpublish, Delete. */
export function PostsTab({ type }: { type: PostType }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PostFilter['status']>('');
  const [tag, setTag] = useState('');
  const [managingTags, setManagingTags] = useState(false);
  const tags = useQuery(tagsQuery());
  const q = useDebouncedValue(search.trim(), 300);
  const posts = useInfiniteQuery({ ...postsPagesQuery(type, { q, status, tag }), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<AdminPostSummary | 'new' | null>(null);
  const noun = postTypeLabel(type);
  const list = posts.data?.pages.flatMap((p) => p.posts);
  const total = posts.data?.pages[0]?.total;
  const filtered = q !== '' || status !== '' || tag !== '';

  return (
    <div className="space-y-5">
      <SectionHeader
        title={postTypeLabel(type, true)}
        description={
          type === 'blog'
            ? 'Articles on the public blog. Drafts stay hidden until published.'
            : 'Announcements on the press page. Drafts stay hidden until published.'
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setManagingTags(true)}>
              Manage tags
            </Button>
            <Button onClick={() => setEditing('new')}>
              <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
                <path d="M10.75 4.75a.75.75 0 0 0-1.5 0v4.5h-4.5a.75.75 0 0 0 0 1.5h4.5v4.5a.75.75 0 0 0 1.5 0v-4.5h4.5a.75.75 0 0 0 0-1.5h-4.5v-4.5Z" />
              </svg>
              Create {noun}
            </Button>
          </div>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchBox
          label={`Search ${postTypeLabel(type, true).toLowerCase()}`}
          value={search}
          onChange={setSearch}
          placeholder="Search title, slug or description…"
          className="sm:min-w-0 sm:flex-1"
        />
        <div className="sm:w-48">
          <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as PostFilter['status'])}>
            <option value="">All statuses</option>
            <option value="draft">Drafts</option>
            <option value="scheduled">Scheduled</option>
            <option value="published">Published</option>
          </SelectField>
        </div>
        <div className="sm:w-48">
          <SelectField label="Tag" value={tag} onChange={(e) => setTag(e.target.value)}>
            <option value="">All tags</option>
            {tags.data?.tags.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <p className="text-sm text-slate-600" aria-live="polite" data-testid="post-count">
        {total
          ? `${total.capped ? 'More than ' : ''}${formatCount(total.n)} ${total.n === 1 && !total.capped ? noun.toLowerCase() : postTypeLabel(type, true).toLowerCase()}${filtered ? ' match' : ''}${list && total.n > list.length ? ` · showing ${formatCount(list.length)}` : ''}`
          : ''}
      </p>
      {list ? (
        list.length === 0 ? (
          filtered ? (
            <EmptyState title="No posts match" hint="Try other words, another status or another tag." />
          ) : (
            <EmptyState
              title={type === 'blog' ? 'No blog posts yet' : 'No press releases yet'}
              hint={`Create the first ${noun.toLowerCase()}.`}
            />
          )
        ) : (
          <>
            <ul
              className={cn('space-y-3 transition-opacity', posts.isPlaceholderData && 'opacity-60')}
              aria-label={postTypeLabel(type, true)}
              aria-busy={posts.isFetching || undefined}
            >
              {list.map((p) => (
                <li key={p.id}>
                  <PostRow post={p} onEdit={() => setEditing(p)} />
                </li>
              ))}
            </ul>
            {posts.hasNextPage && (
              <div className="flex justify-center">
                <Button variant="outline" loading={posts.isFetchingNextPage} onClick={() => void posts.fetchNextPage()}>
                  Load more
                </Button>
              </div>
            )}
          </>
        )
      ) : posts.isError ? (
        <LoadError what={postTypeLabel(type, true).toLowerCase()} onRetry={() => void posts.refetch()} />
      ) : (
        <ListSpinner />
      )}
      {managingTags && <TagManager onClose={() => setManagingTags(false)} />}
      {editing === 'new' && <PostFormModal type={type} onClose={() => setEditing(null)} />}
      {editing && editing !== 'new' && <EditPost type={type} summary={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

/** The editor for a listed post: the list has no bodies, so the post is read whole first. */
function EditPost({ type, summary, onClose }: { type: PostType; summary: AdminPostSummary; onClose: () => void }) {
  const post = useQuery(postQuery(type, summary.id));
  const noun = postTypeLabel(type);
  useEffect(() => {
    if (!post.isError) return;
    console.error(`Failed to open ${summary.title}`, post.error);
    toast.error(`Failed to open the ${noun.toLowerCase()}`);
    onClose();
  }, [post.isError, post.error, summary.title, noun, onClose]);
  if (post.data) return <PostFormModal type={type} post={post.data} onClose={onClose} />;
  return (
    <Modal open onClose={onClose} title={`Edit ${noun}`} size="xl">
      <ListSpinner />
    </Modal>
  );
}

function PostRow({ post, onEdit }: { post: AdminPostSummary; onEdit: () => void }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.posts(post.post_type) });
  const published = post.status === 'published';

  const toggle = useMutation({
    mutationFn: () => (published ? postsApi.unpublish(post.id) : postsApi.publish(post.id)),
    onSuccess: () => {
      toast.success(published ? MSG.postUnpublished : MSG.postPublished);
      void refresh();
    },
    onError: (err) => {
      console.error(err);
      toast.error(published ? MSG.postUnpublishFailed : MSG.postPublishFailed);
    },
  });
  const preview = useMutation({
    mutationFn: () => postsApi.previewLink(post.id),
    onError: (err) => {
      console.error(err);
      toast.error(MSG.postPreviewLinkFailed);
    },
  });
  const remove = useMutation({
    mutationFn: () => postsApi.remove(post.id),
    onSuccess: () => {
      toast.success(MSG.postDeleted);
      void refresh();
    },
    onError: (err) => {
      console.error(err);
      toast.error(MSG.postDeleteFailed);
    },
  });

  return (
    <Card className="p-4 sm:p-5" data-testid="admin-post">
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold break-words text-slate-900">{post.title}</h3>
            <Badge tone={postStatusTone(post.status)}>{titleCase(post.status)}</Badge>
            {post.featured && <Badge tone="brand">★ Featured</Badge>}
            {post.publish_at && !published && <Badge tone="brand">Scheduled {formatDateTime(post.publish_at)}</Badge>}
          </div>
          {post.tags.length > 0 && (
            <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label={`Tags of ${post.title}`}>
              {post.tags.map((t) => (
                <li key={t.id} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                  #{t.name}
                </li>
              ))}
            </ul>
          )}
          <p className="mt-1 line-clamp-2 text-sm text-slate-600">{post.description}</p>
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
            <span>By {post.author_name}</span>
            <span>Created {formatDate(post.created_at)}</span>
            {post.published_at && published && <span>Published {formatDate(post.published_at)}</span>}
            <span>
              {formatCount(post.view_count)} {post.view_count === 1 ? 'view' : 'views'}
            </span>
            <span className="font-mono">/{post.slug}</span>
          </p>
          {preview.data && !published && (
            <p
              className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
              role="status"
            >
              <span>Preview link ready, valid until {formatDateTime(preview.data.expires_at)}:</span>
              <a href={preview.data.url} target="_blank" rel="noopener" className="font-medium underline">
                Open preview<span className="sr-only"> of {post.title} (opens in a new tab)</span>
              </a>
              <button
                type="button"
                className="font-medium underline"
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(new URL(preview.data.url, window.location.origin).href)
                    .then(() => toast.success('Preview link copied'))
                }
              >
                Copy link
              </button>
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${post.title}`}>
            Edit
          </Button>
          {published ? (
            <a
              href={sitePath(post)}
              target="_blank"
              rel="noopener"
              className={buttonClass('outline', 'sm')}
              aria-label={`View on site: ${post.title} (opens in a new tab)`}
            >
              View on site
            </a>
          ) : (
            <Button
              size="sm"
              variant="outline"
              loading={preview.isPending}
              onClick={() => preview.mutate()}
              aria-label={`Preview ${post.title} on the site`}
            >
              Preview
            </Button>
          )}
          <Button
            size="sm"
            variant={published ? 'outline' : 'primary'}
            loading={toggle.isPending}
            onClick={() => toggle.mutate()}
            aria-label={`${published ? 'Unpublish' : 'Publish'} ${post.title}`}
          >
            {published ? 'Unpublish' : 'Publish'}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700! hover:bg-red-50!"
            loading={remove.isPending}
            onClick={() => {
              if (window.confirm(MSG.postDeleteConfirm)) remove.mutate();
            }}
            aria-label={`Delete ${post.title}`}
          >
            Delete
          </Button>
        </div>
      </div>
    </Card>
  );
}
