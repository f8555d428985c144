import { useState } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import type { ServiceArea } from '../data/services.ts';
import { IconTile } from './blocks.tsx';

/** The six service areas: each heading is a button that shows or hides the area's details. */
export function ServiceAreas({ areas }: { areas: readonly ServiceArea[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {areas.map((a) => {
        const expanded = open.has(a.id);
        const panelId = `service-${a.id}`;
        return (
          <li
            key={a.id}
            className={cn(
              'rounded-2xl border bg-white shadow-sm transition-colors',
              expanded ? 'border-brand-300 ring-1 ring-brand-200' : 'border-slate-200',
            )}
          >
            <h3>
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(a.id)}
                className="flex w-full items-start gap-4 rounded-2xl p-5 text-left hover:bg-slate-50/70"
              >
                <IconTile name={a.icon} className="shrink-0" />
                <span className="min-w-0 flex-1">
                  <span className="block text-base font-semibold text-slate-900">{a.title}</span>
                  <span className="mt-1 block text-sm text-slate-600">{a.summary}</span>
                </span>
                <svg
                  viewBox="0 0 20 20"
                  className={cn('mt-1 size-5 shrink-0 text-slate-500 transition-transform', expanded && 'rotate-180')}
                  fill="currentColor"
                  aria-hidden="true"
                >
                  <path d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" />
                </svg>
              </button>
            </h3>
            <div id={panelId} hidden={!expanded} className="border-t border-slate-100 px-5 pt-4 pb-5">
              <ul className="space-y-2 text-sm text-slate-700">
                {a.details.map((d) => (
                  <li key={d} className="flex gap-2.5">
                    <span className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-500" aria-hidden="true" />
                    {d}
                  </li>
                ))}
              </ul>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
