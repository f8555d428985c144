import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { formatCount } from '../lib/format.ts';

export interface TabDef<Id extends string> {
  id: Id;
  label: string;
  count?: number | undefined;
  /** The count is a lower bound (the server stopped counting): shown as "1,000+". */
  countCapped?: boolean | undefined;
}

export const tabId = (id: string) => `admin-tab-${id}`;
export const panelId = (id: string) => `admin-panel-${id}`;

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move between tabs (wrapping), Home and End
 * jump to the ends. The strip scrolls sideways on narrow screens.
 */
export function AdminTabs<Id extends string>({
  tabs,
  active,
  onChange,
  label,
}: {
  tabs: TabDef<Id>[];
  active: Id;
  onChange: (id: Id) => void;
  label: string;
}) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    let next: number | undefined;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = (index + 1) % tabs.length;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = (index - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next === undefined) return;
    e.preventDefault();
    const tab = tabs[next]!;
    onChange(tab.id);
    const el = refs.current[tab.id];
    el?.focus();
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };
  return (
    <div className="-mb-px overflow-x-auto [scrollbar-width:thin]">
      <div role="tablist" aria-label={label} className="flex min-w-max gap-1">
        {tabs.map((t, i) => {
          const selected = t.id === active;
          return (
            <button
              key={t.id}
              ref={(el) => {
                refs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={tabId(t.id)}
              aria-selected={selected}
              aria-controls={panelId(t.id)}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(t.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={cn(
                'inline-flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-3 text-sm font-medium transition-colors sm:px-4',
                'focus-visible:rounded-t-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40',
                selected
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {t.label}
              {t.count !== undefined && (
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
                    selected ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-600',
                  )}
                >
                  {formatCount(t.count)}
                  {t.countCapped ? '+' : ''}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}

export function TabPanel({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(id)} aria-labelledby={tabId(id)} tabIndex={0} className="focus:outline-none">
      {children}
    </div>
  );
}
