import { MSG, type Post, type PostType } from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { CheckboxField, TextAreaField, TextField } from '../../../components/ui/Field.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { adminKeys } from '../api/keys.ts';
import { postsApi } from '../api/posts.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { SILENT } from '../lib/admin-api.ts';
import { emptyPostForm, formToInput, postFormSchema, postToForm, postTypeLabel, type PostFormValues } from '../lib/post-form.ts';

const FIELDS = ['title', 'author_name', 'description', 'image_url', 'content'] as const;

/** Create or edit a post (docs/product.md §2 and §5), with a live preview of the sanitised content. */
export function PostFormModal({ type, post, onClose }: { type: PostType; post?: Post | undefined; onClose: () => void }) {
  const queryClient = useQueryClient();
  const noun = postTypeLabel(type);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<PostFormValues>({
    resolver: zodResolver(postFormSchema),
    defaultValues: post ? postToForm(post) : emptyPostForm(),
  });

  const save = useMutation({
    mutationFn: (values: PostFormValues) => {
      const input = formToInput(values, type, post);
      return post ? postsApi.update(post.id, input) : postsApi.create(input);
    },
    onSuccess: () => {
      toast.success(post ? 'Post updated successfully' : 'Post created successfully');
      void queryClient.invalidateQueries({ queryKey: adminKeys.posts(type) });
      onClose();
    },
    onError: (err) => {
      console.error(err);
      if (err instanceof ApiError && err.status < 500) {
        for (const f of FIELDS) {
          const message = err.errors?.[f];
          if (message) setError(f, { message });
        }
        toast.error(`Failed to ${post ? 'update' : 'create'} ${type}`, err.detail ? { description: err.detail } : undefined);
      } else if (err instanceof ApiError) {
        toast.error(`Failed to ${post ? 'update' : 'create'} ${type}`, { description: MSG.serverError });
      } else {
        toast.error(MSG.postSaveFailed);
      }
    },
  });

  return (
    <Modal open onClose={onClose} title={post ? `Edit ${noun}` : `Create ${noun}`} size="xl" dismissible={!save.isPending}>
      <form noValidate onSubmit={handleSubmit((v) => save.mutate(v))} className="space-y-4" aria-label={post ? `Edit ${noun}` : `Create ${noun}`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Title" error={errors.title?.message} {...register('title')} />
          <TextField label="Author Name" autoComplete="off" error={errors.author_name?.message} {...register('author_name')} />
        </div>
        <TextAreaField label="Description" rows={2} className="min-h-20!" error={errors.description?.message} {...register('description')} />
        <TextField
          label={
            <>
              Image URL <span className="font-normal text-slate-500">(optional)</span>
            </>
          }
          type="url"
          inputMode="url"
          placeholder="https://… or /images/…"
          error={errors.image_url?.message}
          {...register('image_url')}
        />
        <div className="grid gap-4 lg:grid-cols-2">
          <TextAreaField
            label={
              <>
                Content <span className="font-normal text-slate-500">(HTML allowed)</span>
              </>
            }
            rows={14}
            className="min-h-56! font-mono text-xs leading-relaxed lg:min-h-72!"
            spellCheck={false}
            hint="Scripts, event handlers and unsafe links are removed when saved."
            error={errors.content?.message}
            {...register('content')}
          />
          <LivePreview control={control} />
        </div>
        <CheckboxField label="Mark as featured" {...register('featured')} />
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {post ? 'Save changes' : `Create ${noun}`}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The content as the server will store it: debounced POST /blog/admin/preview, shown in a prose box. */
function LivePreview({ control }: { control: Control<PostFormValues> }) {
  const content = useWatch({ control, name: 'content' }) ?? '';
  const debounced = useDebouncedValue(content, 400);
  const empty = debounced.trim() === '';
  const preview = useQuery({
    queryKey: [...adminKeys.all, 'preview', debounced],
    queryFn: ({ signal }) => postsApi.preview(debounced, signal),
    enabled: !empty,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
    meta: SILENT,
  });
  const pending = content !== debounced || preview.isFetching;
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-slate-700" id="post-preview-label">
          Live preview
        </p>
        {pending && !empty && <Spinner className="size-4 text-slate-400" label="Updating preview" />}
      </div>
      <div
        role="region"
        aria-labelledby="post-preview-label"
        aria-live="polite"
        data-testid="post-preview"
        className="min-h-56 overflow-auto rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 lg:max-h-[26rem] lg:min-h-72"
      >
        {empty ? (
          <p className="text-sm text-slate-400">The formatted content appears here as you type.</p>
        ) : preview.isError ? (
          <p className="text-sm text-slate-500">Preview unavailable right now.</p>
        ) : preview.data ? (
          <div className="prose-content text-sm [&>:first-child]:mt-0!" dangerouslySetInnerHTML={{ __html: preview.data.html }} />
        ) : (
          <p className="text-sm text-slate-400">Rendering…</p>
        )}
      </div>
    </div>
  );
}
