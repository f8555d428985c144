import { TAG_LIMITS, type PostTag } from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useController, type Control } from 'react-hook-form';
import { toast } from 'sonner';
import { cn } from '../../../components/ui/cn.ts';
import { ApiError } from '../../../lib/api.ts';
import { tagsApi, tagsKey, tagsQuery } from '../api/tags.ts';
import type { PostFormValues } from '../lib/post-form.ts';

type Option = { kind: 'tag'; tag: PostTag } | { kind: 'create'; name: string };

/**
 * The post form's tags (decision 204): chosen tags as removable chips, and a combobox (ARIA 1.2:
 * input with a listbox popup, arrow keys move, Enter picks, Escape closes) that finds tags by name
 * and creates one inline when no tag has the name typed.
 */
export function TagPicker({ value, onChange }: { value: PostTag[]; onChange: (tags: PostTag[]) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // Asked for when the operator first comes to the field, not whenever the form opens.
  const [wanted, setWanted] = useState(false);
  const tags = useQuery({ ...tagsQuery(), enabled: wanted });
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const [announce, setAnnounce] = useState('');

  const chosen = new Set(value.map((t) => t.id));
  const term = text.trim();
  const options = useMemo<Option[]>(() => {
    const all = tags.data?.tags ?? [];
    const lower = term.toLowerCase();
    const matches = all.filter((t) => !chosen.has(t.id) && (!lower || t.name.toLowerCase().includes(lower))).slice(0, 50);
    const exact = all.some((t) => t.name.toLowerCase() === lower);
    return [
      ...matches.map((tag): Option => ({ kind: 'tag', tag: { id: tag.id, name: tag.name, slug: tag.slug } })),
      ...(term && !exact && term.length <= TAG_LIMITS.nameMax ? [{ kind: 'create', name: term } as Option] : []),
    ];
    // `chosen` is derived from value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tags.data, term, value]);

  const full = value.length >= TAG_LIMITS.perPost;
  const add = (tag: PostTag) => {
    if (chosen.has(tag.id) || full) return;
    onChange([...value, tag]);
    setText('');
    setActive(0);
    setAnnounce(`Tag ${tag.name} added`);
  };
  const removeTag = (tag: PostTag) => {
    onChange(value.filter((t) => t.id !== tag.id));
    setAnnounce(`Tag ${tag.name} removed`);
    input.current?.focus();
  };

  const create = useMutation({
    mutationFn: (name: string) => tagsApi.create({ name }),
    onSuccess: (tag) => {
      void queryClient.invalidateQueries({ queryKey: tagsKey });
      add({ id: tag.id, name: tag.name, slug: tag.slug });
    },
    onError: (err) => {
      console.error(err);
      toast.error('The tag was not created', { description: err instanceof ApiError ? err.detail : undefined });
    },
  });

  const pick = (o: Option | undefined) => {
    if (!o) return;
    if (o.kind === 'tag') add(o.tag);
    else if (!create.isPending) create.mutate(o.name);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, Math.max(0, options.length - 1)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter') {
      // Never submits the post form from here.
      e.preventDefault();
      if (open || term) pick(options[active]);
    } else if (e.key === 'Escape') {
      if (open) {
        // Closes the list, not the dialog around the form.
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
      }
    } else if (e.key === 'Backspace' && text === '' && value.length) {
      removeTag(value[value.length - 1]!);
    }
  };

  const listId = `${id}-list`;
  const showList = open && !full && (options.length > 0 || tags.isLoading);
  const optionId = (i: number) => `${id}-opt-${i}`;

  return (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-input`} className="block text-sm font-medium text-slate-700">
        Tags <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <div className="flex flex-wrap items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2 py-1.5 shadow-sm focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/20">
        {value.length > 0 && (
          <ul className="contents" aria-label="Chosen tags">
            {value.map((t) => (
              <li key={t.id} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-sm text-brand-800">
                {t.name}
                <button
                  type="button"
                  className="inline-flex size-7 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                  aria-label={`Remove tag ${t.name}`}
                  onClick={() => removeTag(t)}
                >
                  <svg viewBox="0 0 20 20" fill="currentColor" className="size-3.5" aria-hidden="true">
                    <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="relative min-w-40 flex-1">
          <input
            ref={input}
            id={`${id}-input`}
            role="combobox"
            aria-expanded={showList}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showList && options[active] ? optionId(active) : undefined}
            aria-describedby={`${id}-hint`}
            autoComplete="off"
            disabled={full}
            placeholder={full ? `At most ${TAG_LIMITS.perPost} tags` : value.length ? 'Add another tag…' : 'Find or create a tag…'}
            className="w-full border-0 bg-transparent px-1 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-none"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={() => {
              setWanted(true);
              setOpen(true);
            }}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label="Tags"
            hidden={!showList}
            className="absolute top-full left-0 z-20 mt-1 max-h-60 w-full min-w-56 overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          >
            {tags.isLoading && <li className="px-3 py-2 text-sm text-slate-500">Loading tags…</li>}
            {options.map((o, i) => (
              <li
                key={o.kind === 'tag' ? o.tag.id : 'create'}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={cn('cursor-pointer px-3 py-2 text-sm text-slate-800', i === active && 'bg-brand-50 text-brand-900')}
                // mousedown, not click: the input keeps focus (its blur would close the list first).
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(o);
                }}
                onMouseEnter={() => setActive(i)}
              >
                {o.kind === 'tag' ? (
                  o.tag.name
                ) : (
                  <>
                    Create tag “<strong>{o.name}</strong>”
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        Type to find a tag; Enter adds it, or creates a new one. Each tag has its own page on the blog.
      </p>
      <p className="sr-only" aria-live="polite">
        {create.isPending ? 'Creating tag…' : announce}
      </p>
    </div>
  );
}

/** The picker bound to the post form's `tags`. */
export function TagsField({ control }: { control: Control<PostFormValues> }) {
  const { field } = useController({ control, name: 'tags' });
  return <TagPicker value={field.value} onChange={field.onChange} />;
}
