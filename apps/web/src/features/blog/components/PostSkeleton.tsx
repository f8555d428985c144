/** The shape of a post while it loads. */
export function PostSkeleton() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14" role="status" aria-label="Loading post">
      <div className="animate-pulse">
        <div className="h-9 w-36 rounded-lg bg-slate-200" />
        <div className="mt-8 h-9 w-11/12 rounded-lg bg-slate-200" />
        <div className="mt-3 h-9 w-2/3 rounded-lg bg-slate-200" />
        <div className="mt-6 flex gap-4">
          <div className="h-4 w-28 rounded bg-slate-200" />
          <div className="h-4 w-20 rounded bg-slate-200" />
          <div className="h-4 w-16 rounded bg-slate-200" />
        </div>
        <div className="mt-8 aspect-[16/9] w-full rounded-2xl bg-slate-200" />
        <div className="mt-8 space-y-3">
          {['w-full', 'w-11/12', 'w-full', 'w-4/5', 'w-full', 'w-2/3'].map((w, i) => (
            <div key={i} className={`h-4 rounded bg-slate-200 ${w}`} />
          ))}
        </div>
      </div>
      <span className="sr-only">Loading…</span>
    </div>
  );
}
