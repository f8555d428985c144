import {
  formatCount,
  formatTime,
  IMAGE_UPLOAD,
  isExternalPress,
  MSG,
  POST_EDITING,
  POST_EDITOR_MSG,
  postByline,
  type AdminPost,
  type PostRevisionMeta,
  type PostSaved,
  type PostType,
} from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, memo, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormGetValues,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { CheckboxField, TextAreaField, TextField } from '../../../components/ui/Field.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { ApiError, errorText } from '../../../lib/api.ts';
import { adminKeys } from '../api/keys.ts';
import { postsApi } from '../api/posts.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { SILENT } from '../lib/admin-api.ts';
import { PostRevisions } from './PostRevisions.tsx';
import { TagsField } from './TagPicker.tsx';
import { fetchOperators } from '../api/operators.ts';
import {
  emptyPostForm,
  featureAltMissing,
  formToInput,
  imagesWithoutAlt,
  postFormSchema,
  publishedAtToSend,
  readingStats,
  postToForm,
  postTypeLabel,
  SERP,
  serpTruncate,
  type PostFormValues,
} from '../lib/post-form.ts';

// The editor and its library load when the form opens, never with the site's pages (decision 200).
const RichTextEditor = lazy(() => import('../editor/RichTextEditor.tsx'));

const FIELDS = [
  'title',
  'author_name',
  'description',
  'image_url',
  'content',
  'meta_title',
  'meta_description',
  'publish_at',
  'slug',
  'image_alt',
  'image_caption',
  'published_at',
  'canonical_url',
  'og_title',
  'og_description',
  'og_image_url',
  'twitter_title',
  'twitter_description',
  'twitter_image_url',
] as const;

/** How long typing must pause before a draft is autosaved. */
export const AUTOSAVE_IDLE_MS = 3000;

/**
 * Create or edit a post (docs/product.md §2 and §5). Drafts autosave after a pause in typing and
 * when focus leaves the form; every save names the version it started from, so a post someone
 * else saved meanwhile is never overwritten (decision 201).
 */
export function PostFormModal({ type, post, onClose }: { type: PostType; post?: AdminPost | undefined; onClose: () => void }) {
  const queryClient = useQueryClient();
  const noun = postTypeLabel(type);
  const {
    register,
    handleSubmit,
    control,
    setError,
    setValue,
    getValues,
    reset,
    formState: { errors, isDirty, isSubmitted },
  } = useForm<PostFormValues>({
    resolver: zodResolver(postFormSchema),
    defaultValues: post ? postToForm(post) : emptyPostForm(),
  });

  // The post as last saved from this form (its version is what the next save names). A ref too,
  // because saves run one after another through `queue` and must see the previous one's result.
  const [saved, setSavedState] = useState<AdminPost | undefined>(post);
  const savedRef = useRef<AdminPost | undefined>(post);
  const setSaved = (p: AdminPost) => {
    savedRef.current = p;
    setSavedState(p);
  };
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [conflict, setConflict] = useState<string | null>(null);
  const [autosavedAt, setAutosavedAt] = useState<Date | null>(null);
  const [editorKey, setEditorKey] = useState(0);

  /** Saves one at a time: an explicit save waits for an autosave in flight, and names its new version. */
  const persist = (values: PostFormValues, autosave: boolean): Promise<PostSaved> => {
    const run = queue.current
      .catch(() => undefined)
      .then(async () => {
        const current = savedRef.current;
        // The slug goes only when the operator changed it: otherwise a draft's address keeps following its title.
        const slug = values.slug.trim();
        const input = {
          ...formToInput(values, type),
          slug: slug && slug !== current?.slug ? slug : null,
          published_at: publishedAtToSend(values, current),
        };
        const result = current
          ? await postsApi.update(current.id, { ...input, version: current.version, ...(autosave ? { autosave: true } : {}) })
          : await postsApi.create(input);
        setSaved(result);
        return result;
      });
    queue.current = run;
    return run;
  };

  const onConflict = (err: unknown) => {
    if (!(err instanceof ApiError) || err.status !== 409) return false;
    setConflict(err.detail ?? MSG.postSaveFailed);
    return true;
  };

  const save = useMutation({
    mutationFn: (values: PostFormValues) => persist(values, false),
    onSuccess: (result) => {
      const removed = result.removed.length ? { description: `Cleaned when saving: ${result.removed.join('; ')}.` } : undefined;
      toast.success(post ? 'Post updated successfully' : 'Post created successfully', removed);
      void queryClient.invalidateQueries({ queryKey: adminKeys.posts(type) });
      onClose();
    },
    onError: (err) => {
      console.error(err);
      if (onConflict(err)) {
        toast.error('Not saved: someone else saved this post', { description: (err as ApiError).detail });
      } else if (err instanceof ApiError && err.status < 500) {
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

  const autosave = useMutation({
    mutationFn: (values: PostFormValues) => persist(values, true),
    onSuccess: (_result, values) => {
      // What was sent is now the saved state; anything typed since stays unsaved (dirty).
      reset(values, { keepValues: true, keepErrors: true, keepIsSubmitted: true, keepTouched: true });
      setAutosavedAt(new Date());
      void queryClient.invalidateQueries({ queryKey: adminKeys.posts(type) });
    },
    onError: (err) => {
      console.error(err);
      onConflict(err);
    },
  });

  const autosaveOn = saved?.status !== 'published' && !conflict;
  const values = useWatch({ control });
  const idle = useDebouncedValue(values, AUTOSAVE_IDLE_MS);
  const autosaveNow = () => {
    if (!autosaveOn || !isDirty || save.isPending || autosave.isPending) return;
    const current = getValues();
    if (!postFormSchema.safeParse(current).success) return;
    autosave.mutate(current);
  };
  const autosaveRef = useRef(autosaveNow);
  autosaveRef.current = autosaveNow;
  useEffect(() => {
    autosaveRef.current();
  }, [idle]);

  const [mode, setMode] = useState<'visual' | 'html'>('visual');
  const contentLabel = useId();

  // Esc, the close button, the backdrop and Cancel all ask before throwing edits away.
  const requestClose = () => {
    if (isDirty && !window.confirm(MSG.postUnsavedConfirm)) return;
    if (saved && !post) void queryClient.invalidateQueries({ queryKey: adminKeys.posts(type) });
    onClose();
  };

  /** A restored revision (or the other operator's version) becomes the form's saved state. */
  const loadSaved = (p: AdminPost) => {
    setSaved(p);
    reset(postToForm(p));
    setConflict(null);
    setEditorKey((k) => k + 1);
    void queryClient.invalidateQueries({ queryKey: adminKeys.posts(type) });
  };

  return (
    <Modal open onClose={requestClose} title={post ? `Edit ${noun}` : `Create ${noun}`} size="xl" dismissible={!save.isPending}>
      <form
        noValidate
        onSubmit={handleSubmit((v) => {
          // The server refuses it too (422); said here, at the field, before a round trip.
          if (featureAltMissing(v, type)) {
            setError('image_alt', { message: POST_EDITOR_MSG.postImageAltRequired }, { shouldFocus: true });
            return;
          }
          save.mutate(v);
        })}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) autosaveNow();
        }}
        className="space-y-4"
        aria-label={post ? `Edit ${noun}` : `Create ${noun}`}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Title" error={errors.title?.message} {...register('title')} />
          <TextField
            label="Author Name"
            autoComplete="off"
            hint="The byline readers see; follows the authors chosen below until you change it."
            error={errors.author_name?.message}
            {...register('author_name')}
          />
        </div>
        <AuthorsField control={control} setValue={setValue} getValues={getValues} />
        <TextAreaField
          label="Description"
          rows={2}
          className="min-h-20!"
          hint="Optional: left empty, it is written from the first lines of the post."
          placeholder={saved?.description_generated ? saved.description : undefined}
          error={errors.description?.message}
          {...register('description')}
        />
        <ImageField type={type} control={control} setValue={setValue} error={errors.image_url?.message} register={register('image_url')} />
        <FeatureImageText
          type={type}
          control={control}
          register={register}
          altError={errors.image_alt?.message}
          captionError={errors.image_caption?.message}
        />
        <ContentField
          mode={mode}
          onMode={setMode}
          error={errors.content?.message}
          visual={
            <Suspense
              fallback={
                <div className="flex min-h-80 items-center justify-center rounded-lg border border-slate-300 text-sm text-slate-500">
                  <Spinner className="size-4" label="Loading editor" />
                </div>
              }
            >
              <RichTextEditor
                key={editorKey}
                initialHtml={getValues('content')}
                onChange={(html) => setValue('content', html, { shouldDirty: true, shouldValidate: isSubmitted })}
                uploadImage={(file) => postsApi.uploadImage(file)}
                labelledBy={contentLabel}
                invalid={Boolean(errors.content)}
              />
            </Suspense>
          }
          html={
            <div className="grid gap-4 lg:grid-cols-2">
              <TextAreaField
                label={
                  <>
                    Content <span className="font-normal text-slate-500">(HTML)</span>
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
          }
          labelId={contentLabel}
        />
        <ReadingStats control={control} />
        <MissingAltText control={control} />
        <TagsField control={control} />
        <CheckboxField label="Mark as featured" {...register('featured')} />
        {saved?.status === 'published' && (
          <TextField
            label={
              <>
                Published on <span className="font-normal text-slate-500">(may be earlier; a later date is a schedule)</span>
              </>
            }
            type="datetime-local"
            className="sm:max-w-xs"
            hint={`Your time zone (${Intl.DateTimeFormat().resolvedOptions().timeZone}). Feeds, the sitemap and the page show this date.`}
            error={errors.published_at?.message}
            {...register('published_at')}
          />
        )}
        {saved?.status !== 'published' && (
          <TextField
            label={
              <>
                Publish at <span className="font-normal text-slate-500">(optional: schedules this draft)</span>
              </>
            }
            type="datetime-local"
            className="sm:max-w-xs"
            hint={`Your time zone (${Intl.DateTimeFormat().resolvedOptions().timeZone}). Leave empty to publish by hand.`}
            error={errors.publish_at?.message}
            {...register('publish_at')}
          />
        )}
        <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">Search engine listing</legend>
          <TextField
            label={
              <>
                Meta title <span className="font-normal text-slate-500">(optional, defaults to the title)</span>
              </>
            }
            autoComplete="off"
            error={errors.meta_title?.message}
            {...register('meta_title')}
          />
          <TextAreaField
            label={
              <>
                Meta description <span className="font-normal text-slate-500">(optional, defaults to the description)</span>
              </>
            }
            rows={2}
            className="min-h-16!"
            error={errors.meta_description?.message}
            {...register('meta_description')}
          />
          <TextField
            label={
              <>
                Slug{' '}
                <span className="font-normal text-slate-500">
                  (the post’s address{saved?.published_at ? '; the old one will redirect' : ''})
                </span>
              </>
            }
            autoComplete="off"
            spellCheck={false}
            placeholder="made from the title"
            className="font-mono text-sm"
            error={errors.slug?.message}
            {...register('slug')}
          />
          <SerpPreview control={control} slug={saved?.slug} type={type} />
        </fieldset>
        <SocialFields register={register} errors={errors} control={control} type={type} />
        {saved && <PostRevisions post={saved} dirty={isDirty} onRestored={loadSaved} />}
        {saved && <OthersEditing postId={saved.id} />}
        {conflict && saved && (
          <div
            role="alert"
            data-testid="post-conflict"
            className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
          >
            <p className="font-medium">Your changes were not saved.</p>
            <p className="mt-1">{conflict}</p>
            <p className="mt-2 text-xs">
              Autosave is paused. Copy what you need from this form first: loading the saved version replaces it.
            </p>
            <Button size="sm" variant="outline" className="mt-3" onClick={() => void loadLatest(saved, loadSaved)}>
              Load the saved version
            </Button>
          </div>
        )}
        <div className="sticky -bottom-5 z-10 -mx-6 -mb-5 flex flex-col-reverse gap-3 border-t border-slate-200 bg-white px-6 py-4 sm:flex-row sm:items-center sm:justify-end">
          <SaveState
            dirty={isDirty}
            saving={autosave.isPending}
            savedAt={autosavedAt}
            published={saved?.status === 'published'}
            conflict={Boolean(conflict)}
          />
          <Button variant="ghost" onClick={requestClose} disabled={save.isPending}>
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

/** The newest saved version of the post (after a conflict): its newest revision, which carries its version. */
async function loadLatest(saved: AdminPost, load: (p: AdminPost) => void) {
  try {
    const { revisions } = await postsApi.revisions(saved.id);
    const newest = revisions[0];
    if (!newest) return;
    const rev = await postsApi.revision(saved.id, newest.id);
    const { title, description, content, image_url, author_name, meta_title, meta_description, meta } = rev;
    load({
      ...saved,
      title,
      description,
      content,
      image_url,
      author_name,
      meta_title,
      meta_description,
      version: rev.version,
      updated_by: rev.operator_name,
      // The rest of the post as that version has it (decision 226); a revision from before keeps the form's.
      ...(meta && revisionMeta(meta)),
    });
  } catch (err) {
    console.error(err);
    toast.error(errorText(err, MSG.postSaveFailed));
  }
}

/** A revision's slug, date, authors, tags, image text and overrides as the post's fields (what exists still). */
function revisionMeta({ tags, authors, slug_custom: _custom, ...m }: PostRevisionMeta): Partial<AdminPost> {
  const named = authors.filter((a) => !a.gone);
  return {
    ...m,
    tags: tags.filter((t) => !t.gone).map(({ id, name, slug }) => ({ id, name, slug })),
    author_ids: named.map((a) => a.id),
    authors: named.map((a) => a.name),
  };
}

/** Where the form stands: saving, saved at a time, unsaved, or why autosave is off. */
function SaveState({
  dirty,
  saving,
  savedAt,
  published,
  conflict,
}: {
  dirty: boolean;
  saving: boolean;
  savedAt: Date | null;
  published: boolean;
  conflict: boolean;
}) {
  const text = conflict
    ? 'Not saved: someone else saved this post'
    : saving
      ? 'Saving draft…'
      : published
        ? dirty
          ? 'Unsaved changes: published posts change only when you save'
          : 'Published: changes go live when you save'
        : dirty
          ? 'Unsaved changes'
          : savedAt
            ? `Draft saved at ${formatTime(savedAt)}`
            : '';
  return (
    <p role="status" data-testid="save-state" className={cn('text-xs sm:mr-auto', conflict ? 'text-red-700' : 'text-slate-600')}>
      {text}
    </p>
  );
}

/**
 * The post body: the visual editor, or its HTML with the sanitised preview beside it. Switching
 * carries the content over (the visual editor keeps what its blocks can show).
 */
function ContentField({
  mode,
  onMode,
  visual,
  html,
  labelId,
  error,
}: {
  mode: 'visual' | 'html';
  onMode(mode: 'visual' | 'html'): void;
  visual: ReactNode;
  html: ReactNode;
  labelId: string;
  error: string | undefined;
}) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-3">
        {mode === 'visual' ? (
          <p id={labelId} className="text-sm font-medium text-slate-700">
            Content
          </p>
        ) : (
          <span />
        )}
        <div role="group" aria-label="Editing mode" className="inline-flex rounded-lg border border-slate-300 p-0.5 text-xs font-medium">
          {(['visual', 'html'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => onMode(m)}
              className={cn('rounded-md px-3 py-1', mode === m ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100')}
            >
              {m === 'visual' ? 'Visual' : 'HTML'}
            </button>
          ))}
        </div>
      </div>
      {mode === 'visual' ? visual : html}
      {mode === 'visual' && error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
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
          <p className="text-sm text-slate-600">The formatted content appears here as you type.</p>
        ) : preview.isError ? (
          <p className="text-sm text-slate-600">Preview unavailable right now.</p>
        ) : preview.data ? (
          <>
            {preview.data.removed.length > 0 && (
              <div
                data-testid="sanitiser-report"
                className="mb-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900"
              >
                <p className="font-medium">Saving will clean this content:</p>
                <ul className="mt-1 list-disc pl-4">
                  {preview.data.removed.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              </div>
            )}
            <div className="prose-content text-sm [&>:first-child]:mt-0!" dangerouslySetInnerHTML={{ __html: preview.data.html }} />
          </>
        ) : (
          <p className="text-sm text-slate-600">Rendering…</p>
        )}
      </div>
    </div>
  );
}

/** Image URL, or upload a file: the server checks, scales and stores it and the field gets its address. */
function ImageField({
  type,
  control,
  setValue,
  error,
  register,
}: {
  type: PostType;
  control: Control<PostFormValues>;
  setValue: UseFormSetValue<PostFormValues>;
  error: string | undefined;
  register: ReturnType<ReturnType<typeof useForm<PostFormValues>>['register']>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const url = useWatch({ control, name: 'image_url' })?.trim() ?? '';
  // A press release's outside address is a link to an article, not a picture (docs/product.md §2):
  // said before saving, so a picture pasted by address does not silently become a link.
  const external = isExternalPress({ post_type: type, image_url: url });
  const upload = useMutation({
    mutationFn: (file: File) => postsApi.uploadImage(file),
    onSuccess: (img) => {
      setValue('image_url', img.url, { shouldDirty: true, shouldValidate: true });
      toast.success('Image uploaded', { description: `${img.width} × ${img.height}, ${Math.round(img.bytes / 1024)} KB` });
    },
    onError: (err) => {
      console.error(err);
      toast.error(MSG.imageUploadFailed, { description: errorText(err, MSG.imageUploadFailed) });
    },
  });
  const pick = (file: File | undefined) => {
    if (!file) return;
    if (file.size > IMAGE_UPLOAD.maxBytes) {
      toast.error(MSG.imageTooLarge);
      return;
    }
    upload.mutate(file);
  };
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
      <TextField
        label={
          <>
            Image URL <span className="font-normal text-slate-500">(optional)</span>
          </>
        }
        type="text"
        inputMode="url"
        placeholder="https://… or /media/…"
        hint="Paste an address, or upload a JPEG, PNG, WebP or GIF up to 5 MB."
        error={error}
        {...register}
      />
      <div className="flex items-center gap-3 sm:pt-7">
        <input
          ref={input}
          type="file"
          accept={IMAGE_UPLOAD.types.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="post-image-file"
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button variant="outline" loading={upload.isPending} onClick={() => input.current?.click()}>
          Upload image
        </Button>
        {url && !error && !external && (
          <img src={url} alt="Chosen cover" className="size-11 rounded-md border border-slate-200 bg-slate-100 object-cover" />
        )}
      </div>
      {external && (
        <p
          role="status"
          data-testid="external-press-warning"
          className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:col-span-2"
        >
          <span className="font-medium">This press release will be an “External article” link.</span> An address starting with http is shown
          as a link to that outside article (opened in a new tab) and no picture is shown. To show a picture instead, use Upload image.
        </p>
      )}
    </div>
  );
}

/** Word count and reading time of the content as it stands. */
function ReadingStats({ control }: { control: Control<PostFormValues> }) {
  const content = useDebouncedValue(useWatch({ control, name: 'content' }) ?? '', 400);
  const { words, minutes } = readingStats(content);
  if (!words) return null;
  return (
    <p data-testid="reading-stats" className="-mt-2 text-xs text-slate-600">
      {formatCount(words)} {words === 1 ? 'word' : 'words'} · {minutes} min read
    </p>
  );
}

/** Images in the content without alt text, flagged before saving (screen readers and search engines need it). */
function MissingAltText({ control }: { control: Control<PostFormValues> }) {
  const content = useWatch({ control, name: 'content' }) ?? '';
  const missing = imagesWithoutAlt(useDebouncedValue(content, 400));
  if (!missing.length) return null;
  return (
    <div
      role="status"
      data-testid="missing-alt"
      className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="font-medium">
        {missing.length === 1 ? '1 image has' : `${missing.length} images have`} no alt text. Describe each image in its alt attribute.
      </p>
      <ul className="mt-1 list-disc pl-5 text-xs break-all">
        {missing.slice(0, 5).map((src, i) => (
          <li key={`${src}-${i}`}>{src}</li>
        ))}
      </ul>
    </div>
  );
}

/** How the post would look as a search result, cut where search engines cut (about 60 and 160 characters). */
function SerpPreview({ control, slug, type }: { control: Control<PostFormValues>; slug: string | undefined; type: PostType }) {
  const [title, metaTitle, description, metaDescription, typedSlug] = useWatch({
    control,
    name: ['title', 'meta_title', 'description', 'meta_description', 'slug'],
  });
  const fullTitle = metaTitle?.trim() || title?.trim() || '';
  const fullDesc = metaDescription?.trim() || description?.trim() || '';
  const shownTitle = serpTruncate(fullTitle || 'Post title', SERP.title);
  const shownDesc = serpTruncate(fullDesc || 'The description appears here.', SERP.description);
  const titleLength = fullTitle.length;
  const descLength = fullDesc.length;
  const path = `${type === 'blog' ? '/blog' : '/press-releases'}/${typedSlug?.trim() || slug || 'new-post'}`;
  const canonical = useWatch({ control, name: 'canonical_url' })?.trim();
  return (
    <div
      data-testid="serp-preview"
      aria-label="Search result preview"
      role="group"
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Search result preview</p>
      <p className="mt-2 truncate text-xs text-slate-600" data-testid="serp-url">
        {canonical || `${window.location.host}${path}`}
      </p>
      <p className="mt-0.5 text-lg leading-snug text-[#1a0dab]">{shownTitle.text}</p>
      <p className="mt-1 text-sm leading-relaxed text-slate-700">{shownDesc.text}</p>
      <p className="mt-2 flex flex-wrap gap-x-4 text-xs text-slate-500">
        <span className={shownTitle.cut ? 'text-amber-800' : undefined}>
          Title {titleLength} / {SERP.title}
          {shownTitle.cut && ' — cut in results'}
        </span>
        <span className={shownDesc.cut ? 'text-amber-800' : undefined}>
          Description {descLength} / {SERP.description}
          {shownDesc.cut && ' — cut in results'}
        </span>
      </p>
    </div>
  );
}

/**
 * The post's authors, chosen from the operator accounts in the order they are ticked. The byline
 * follows them while it is the one made from them (or the default); once typed, it stays.
 */
const AuthorsField = memo(function AuthorsField({
  control,
  setValue,
  getValues,
}: {
  control: Control<PostFormValues>;
  setValue: UseFormSetValue<PostFormValues>;
  getValues: UseFormGetValues<PostFormValues>;
}) {
  const operators = useQuery({ queryKey: adminKeys.operators(), queryFn: fetchOperators, staleTime: 60_000 });
  const chosen = useWatch({ control, name: 'author_ids' }) ?? [];
  // Readers see the public name, never the sign-in username (decision 208).
  const names = new Map((operators.data?.operators ?? []).flatMap((o) => (o.display_name ? [[o.id, o.display_name] as const] : [])));
  const bylineFor = (ids: string[]) => postByline(ids.map((id) => names.get(id)).filter((n): n is string => Boolean(n)));
  const toggle = (id: string, on: boolean) => {
    const before = getValues('author_ids');
    const next = on ? [...before, id] : before.filter((x) => x !== id);
    setValue('author_ids', next, { shouldDirty: true });
    const typed = getValues('author_name').trim();
    if (!typed || typed === bylineFor(before)) setValue('author_name', bylineFor(next), { shouldDirty: true, shouldValidate: true });
  };
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4" data-testid="post-authors">
      <legend className="px-1 text-sm font-semibold text-slate-800">Authors</legend>
      {operators.isPending ? (
        <Spinner className="size-4" label="Loading operators" />
      ) : operators.isError ? (
        <p className="text-sm text-slate-600">The operator accounts could not be loaded; the byline above is used as typed.</p>
      ) : (
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          {operators.data.operators.map((o) => {
            const at = chosen.indexOf(o.id);
            return (
              <li key={o.id}>
                <label
                  className={`inline-flex items-center gap-2 text-sm ${o.display_name || at >= 0 ? 'text-slate-800' : 'text-slate-500'}`}
                >
                  <input
                    type="checkbox"
                    className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-600"
                    checked={at >= 0}
                    disabled={!o.display_name && at < 0}
                    onChange={(e) => toggle(o.id, e.target.checked)}
                  />
                  {o.display_name ?? `${o.username} (no public name yet)`}
                  {at >= 0 && chosen.length > 1 && <span className="text-xs text-slate-500">({at + 1})</span>}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-2 text-xs text-slate-500">
        Named by their public name in the feed and the page’s data, in the order ticked. None: the byline alone. An operator without a
        public name gets one under Activity → Operators.
      </p>
    </fieldset>
  );
});

/** The feature picture's alt text (required unless decorative) and caption, shown once there is a picture. */
const FeatureImageText = memo(function FeatureImageText({
  type,
  control,
  register,
  altError,
  captionError,
}: {
  type: PostType;
  control: Control<PostFormValues>;
  register: UseFormRegister<PostFormValues>;
  altError: string | undefined;
  captionError: string | undefined;
}) {
  const url = useWatch({ control, name: 'image_url' });
  const picture = Boolean(url?.trim()) && !isExternalPress({ post_type: type, image_url: url?.trim() ?? '' });
  if (!picture) return null;
  return (
    <div className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2" data-testid="feature-image-text">
      <div className="space-y-2">
        <TextField
          label="Image alt text"
          autoComplete="off"
          hint="What the picture shows, for people who cannot see it (also the link preview’s image description). Ignored when decorative."
          error={altError}
          {...register('image_alt')}
        />
        <CheckboxField label="Decorative: the picture adds nothing the text does not say" {...register('image_decorative')} />
      </div>
      <TextField
        label={
          <>
            Caption <span className="font-normal text-slate-500">(optional)</span>
          </>
        }
        autoComplete="off"
        hint="Shown under the picture on the post’s page."
        error={captionError}
        {...register('image_caption')}
      />
    </div>
  );
});

/** Canonical address and link-preview overrides, with the card they make. */
const SocialFields = memo(function SocialFields({
  register,
  errors,
  control,
  type,
}: {
  register: UseFormRegister<PostFormValues>;
  errors: FieldErrors<PostFormValues>;
  control: Control<PostFormValues>;
  type: PostType;
}) {
  const optional = (text: string) => <span className="font-normal text-slate-500">({text})</span>;
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Canonical address and social cards</legend>
      <TextField
        label={<>Canonical URL {optional('optional: where this text first appeared')}</>}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://…"
        error={errors.canonical_url?.message}
        {...register('canonical_url')}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <p className="text-sm font-medium text-slate-800">Open Graph (Facebook, LinkedIn, Slack…)</p>
          <TextField
            label={<>Title {optional('defaults to the meta title')}</>}
            autoComplete="off"
            error={errors.og_title?.message}
            {...register('og_title')}
          />
          <TextField
            label={<>Description {optional('defaults to the meta description')}</>}
            autoComplete="off"
            error={errors.og_description?.message}
            {...register('og_description')}
          />
          <TextField
            label={<>Picture address {optional('defaults to the feature image')}</>}
            inputMode="url"
            autoComplete="off"
            placeholder="https://… or /media/…"
            error={errors.og_image_url?.message}
            {...register('og_image_url')}
          />
        </div>
        <div className="space-y-4">
          <p className="text-sm font-medium text-slate-800">X (Twitter)</p>
          <TextField
            label={<>Title {optional('defaults to the Open Graph title')}</>}
            autoComplete="off"
            error={errors.twitter_title?.message}
            {...register('twitter_title')}
          />
          <TextField
            label={<>Description {optional('defaults to the Open Graph description')}</>}
            autoComplete="off"
            error={errors.twitter_description?.message}
            {...register('twitter_description')}
          />
          <TextField
            label={<>Picture address {optional('defaults to the Open Graph picture')}</>}
            inputMode="url"
            autoComplete="off"
            placeholder="https://… or /media/…"
            error={errors.twitter_image_url?.message}
            {...register('twitter_image_url')}
          />
        </div>
      </div>
      <SocialPreview control={control} type={type} />
    </fieldset>
  );
});

/** The link-preview card as Open Graph readers would draw it, from the overrides and their fallbacks. */
function SocialPreview({ control, type }: { control: Control<PostFormValues>; type: PostType }) {
  const [title, metaTitle, description, metaDescription, image, ogTitle, ogDescription, ogImage, canonical] = useWatch({
    control,
    name: [
      'title',
      'meta_title',
      'description',
      'meta_description',
      'image_url',
      'og_title',
      'og_description',
      'og_image_url',
      'canonical_url',
    ],
  });
  const pick = (...v: (string | undefined)[]) => v.map((x) => x?.trim() ?? '').find(Boolean) ?? '';
  const cardTitle = pick(ogTitle, metaTitle, title) || 'Post title';
  const cardDescription = pick(ogDescription, metaDescription, description) || 'The description appears here.';
  const feature = image?.trim() && !isExternalPress({ post_type: type, image_url: image.trim() }) ? image.trim() : '';
  const cardImage = pick(ogImage, feature);
  const host = (() => {
    try {
      return canonical?.trim() ? new URL(canonical.trim()).host : window.location.host;
    } catch {
      return window.location.host;
    }
  })();
  return (
    <div
      role="group"
      aria-label="Social card preview"
      data-testid="social-preview"
      className="max-w-md overflow-hidden rounded-lg border border-slate-200 bg-white"
    >
      {cardImage ? (
        <img src={cardImage} alt="" className="aspect-[1.91/1] w-full bg-slate-100 object-cover" />
      ) : (
        <div className="flex aspect-[1.91/1] w-full items-center justify-center bg-slate-100 text-xs text-slate-600">
          No image: a small card
        </div>
      )}
      <div className="border-t border-slate-200 bg-slate-50 px-3 py-2">
        <p className="truncate text-xs uppercase text-slate-500">{host}</p>
        <p className="truncate text-sm font-semibold text-slate-900">{cardTitle}</p>
        <p className="line-clamp-2 text-xs text-slate-600">{cardDescription}</p>
      </div>
    </div>
  );
}

/**
 * Who else has this post open (decision 207): the form's heartbeat, every few seconds while it is
 * open, answers the other operators seen lately; closing the form says it is gone. A hint only —
 * saves are still checked by version, so nothing is overwritten silently either way.
 */
function OthersEditing({ postId }: { postId: string }) {
  const editors = useQuery({
    queryKey: [...adminKeys.all, 'editing', postId],
    queryFn: ({ signal }) => postsApi.editing(postId, signal),
    refetchInterval: POST_EDITING.heartbeatMs,
    refetchIntervalInBackground: true,
    gcTime: 0,
    retry: false,
    meta: SILENT,
  });
  useEffect(() => () => void postsApi.stopEditing(postId).catch(() => undefined), [postId]);
  const names = editors.data?.editors.map((e) => e.username) ?? [];
  if (!names.length) return null;
  return (
    <p
      role="status"
      data-testid="others-editing"
      className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <span className="font-medium">
        {postByline(names)} {names.length === 1 ? 'also has' : 'also have'} this post open.
      </span>{' '}
      If they save first, your save is refused with a message (nothing is overwritten): copy your changes before loading theirs.
    </p>
  );
}
