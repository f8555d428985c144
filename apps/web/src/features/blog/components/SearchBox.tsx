import { useId } from 'react';
import { SearchIcon } from './icons.tsx';

/** A labelled search field for the hero of a list page. */
export function SearchBox({
  value,
  onChange,
  label,
  placeholder,
  busy,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  busy?: boolean;
}) {
  const id = useId();
  return (
    <form role="search" onSubmit={(e) => e.preventDefault()} className="mx-auto w-full max-w-xl">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-4 text-slate-400">
          <SearchIcon />
        </span>
        <input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          aria-busy={busy || undefined}
          className="block w-full rounded-xl border border-slate-300 bg-white py-3.5 pl-12 pr-4 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-4 focus:ring-brand-600/15"
        />
      </div>
    </form>
  );
}
