import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { LIST_LIMIT, newKey, type ListRow } from '../lib/record-draft.ts';

export const inputClass = (invalid = false) =>
  cn(
    'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400',
    'focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20',
    invalid ? 'border-red-400' : 'border-slate-300',
  );

interface EditableListProps {
  /** The group's name ("Key features"). */
  label: string;
  /** One row's name, capitalised ("Feature"): inputs read "Feature 2", buttons "Remove feature 2". */
  itemLabel: string;
  hint?: ReactNode;
  /** Said when the list is empty. */
  empty: string;
  rows: ListRow[];
  onChange: (rows: ListRow[]) => void;
  maxLength: number;
  error?: string | undefined;
  placeholder?: string;
}

/**
 * A list the member edits in place: one labelled input per item, a remove button each, and an
 * add button. Focus follows the edit: a new row takes it, a removed row passes it to the row
 * that moves into its place (or to the add button when none is left).
 */
export function EditableList({ label, itemLabel, hint, empty, rows, onChange, maxLength, error, placeholder }: EditableListProps) {
  const id = useId();
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  // Where focus goes after the render that adds or removes a row.
  const [focusKey, setFocusKey] = useState<number | 'add'>();
  useEffect(() => {
    if (focusKey === undefined) return;
    (focusKey === 'add' ? addButton.current : inputs.current.get(focusKey))?.focus();
    setFocusKey(undefined);
  }, [focusKey]);

  const item = itemLabel.toLowerCase();
  const full = rows.length >= LIST_LIMIT;
  const add = () => {
    const key = newKey();
    onChange([...rows, { key, text: '' }]);
    setFocusKey(key);
  };
  const remove = (i: number) => {
    const next = rows.filter((_, j) => j !== i);
    onChange(next);
    setFocusKey(next[i]?.key ?? next[i - 1]?.key ?? 'add');
  };
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <fieldset className="space-y-2" aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-700">{label}</legend>
      {hint && (
        <p id={`${id}-hint`} className="-mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {rows.length ? (
        <ul className="space-y-2">
          {rows.map((row, i) => (
            <li key={row.key} className="flex items-center gap-2">
              <input
                ref={(el) => {
                  if (el) inputs.current.set(row.key, el);
                  else inputs.current.delete(row.key);
                }}
                type="text"
                aria-label={`${itemLabel} ${i + 1}`}
                value={row.text}
                maxLength={maxLength}
                placeholder={placeholder}
                aria-invalid={error ? true : undefined}
                onChange={(e) => onChange(rows.map((r) => (r.key === row.key ? { ...r, text: e.target.value } : r)))}
                className={inputClass(Boolean(error))}
              />
              <button
                type="button"
                onClick={() => remove(i)}
                className="shrink-0 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
                  <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                </svg>
                <span className="sr-only">
                  Remove {item} {i + 1}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500 italic">{empty}</p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <button
        ref={addButton}
        type="button"
        onClick={add}
        disabled={full}
        className="inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:text-slate-400 disabled:hover:bg-transparent"
      >
        <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M10 4v12M4 10h12" strokeLinecap="round" />
        </svg>
        Add {item}
        {full && <span className="sr-only"> (at most {LIST_LIMIT})</span>}
      </button>
    </fieldset>
  );
}
