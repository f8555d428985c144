/**
 * Says, before any token is spent, that the offline analyst writes the reports here (issue 24,
 * part 5): the PDF's cover says it too, but only after the member has paid. Nothing when a model writes.
 */
export function WriterNote({ offline }: { offline: boolean }) {
  if (!offline) return null;
  return (
    <p
      data-testid="writer-note"
      className="flex gap-2.5 rounded-lg bg-amber-50 px-3.5 py-2.5 text-xs leading-relaxed text-amber-900 ring-1 ring-amber-200"
    >
      <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor" aria-hidden="true">
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 1.5h.25v3a.75.75 0 0 0 1.5 0V10A1 1 0 0 0 9.75 9H9Z"
          clipRule="evenodd"
        />
      </svg>
      <span>
        <strong className="font-semibold">Written by the offline analyst.</strong> Reports here are written from built-in rules and curated
        field knowledge, not by an AI model, and your idea is not sent to any AI provider.
      </span>
    </p>
  );
}
