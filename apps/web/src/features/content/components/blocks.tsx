import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/ui/Button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { STATS } from '../data/home.ts';

/** The top band of a content page: one h1, a lead paragraph and optional actions. */
export function PageHero({
  eyebrow,
  title,
  children,
  actions,
}: {
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-slate-50">
      <HeroPattern />
      <div className="relative mx-auto max-w-5xl px-4 py-14 text-center sm:px-6 sm:py-20">
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>}
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">{title}</h1>
        {children && <div className="mx-auto mt-5 max-w-2xl text-base text-pretty text-slate-600 sm:text-lg">{children}</div>}
        {actions && <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">{actions}</div>}
      </div>
    </section>
  );
}

/** A faint dotted grid behind heroes, drawn in CSS/SVG (no outside images). */
export function HeroPattern() {
  return (
    <svg className="pointer-events-none absolute inset-0 size-full text-brand-200/60" aria-hidden="true">
      <defs>
        <pattern id="hero-dots" width="24" height="24" patternUnits="userSpaceOnUse">
          <circle cx="2" cy="2" r="1.2" fill="currentColor" />
        </pattern>
      </defs>
      <rect width="100%" height="100%" fill="url(#hero-dots)" style={{ maskImage: 'linear-gradient(to bottom, black, transparent)' }} />
    </svg>
  );
}

/** An h2 with an optional kicker and intro, centred above a section's content. */
export function SectionHeader({ eyebrow, title, intro, id }: { eyebrow?: string; title: ReactNode; intro?: ReactNode; id?: string }) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
        {title}
      </h2>
      {intro && <p className="mt-3 text-base text-pretty text-slate-600">{intro}</p>}
    </div>
  );
}

/** A link that opens an outside page in a new tab, styled as a button, and says so to screen readers. */
export function ExternalButton({
  href,
  children,
  variant = 'primary',
  size = 'lg',
  className,
}: {
  href: string;
  children: ReactNode;
  variant?: 'primary' | 'outline' | 'secondary';
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={cn(buttonClass(variant, size), className)}>
      {children}
      <svg viewBox="0 0 20 20" className="size-4 opacity-80" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
        <path d="M8 4H4v12h12v-4M11 3h6v6M17 3l-8 8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

export function StatsBand({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <dl
      className={cn(
        'grid grid-cols-2 gap-px overflow-hidden rounded-2xl bg-slate-200 ring-1 ring-slate-200',
        !compact && 'md:grid-cols-4',
        className,
      )}
    >
      {STATS.map((s) => (
        <div key={s.label} className="flex flex-col-reverse items-center bg-white px-4 py-6 text-center">
          <dt className="mt-1 text-sm text-slate-600">{s.label}</dt>
          <dd className="text-3xl font-bold tracking-tight text-brand-700">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const ICONS: Record<string, ReactNode> = {
  document: (
    <>
      <path d="M7 3h7l5 5v13H7z" />
      <path d="M14 3v5h5M10 13h6M10 17h6" />
    </>
  ),
  shield: (
    <>
      <path d="M12 3l7 3v6c0 4.5-3 7.7-7 9-4-1.3-7-4.5-7-9V6z" />
      <path d="M9 12l2 2 4-4" />
    </>
  ),
  chart: (
    <>
      <path d="M4 20h16" />
      <path d="M7 16v-4M12 16V8M17 16v-7" />
    </>
  ),
  lock: (
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </>
  ),
  search: (
    <>
      <circle cx="11" cy="11" r="6" />
      <path d="M20 20l-4.5-4.5" />
    </>
  ),
  key: (
    <>
      <circle cx="8" cy="15" r="4" />
      <path d="M11 12l8-8M16 7l2 2M14 9l2 2" />
    </>
  ),
  rocket: (
    <>
      <path d="M12 15l-3-3c1.5-5 5-8 10-8 0 5-3 8.5-8 10z" />
      <path d="M9 12l-4 1 2-4h3M12 15l-1 4 4-2v-3M6 18l-2 2" />
    </>
  ),
  coins: (
    <>
      <ellipse cx="12" cy="6" rx="7" ry="3" />
      <path d="M5 6v6c0 1.7 3.1 3 7 3s7-1.3 7-3V6M5 12v6c0 1.7 3.1 3 7 3s7-1.3 7-3v-6" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
    </>
  ),
  scale: (
    <>
      <path d="M12 4v16M7 20h10M5 8h14M12 4l-1 1h2z" />
      <path d="M5 8l-3 6a3 3 0 0 0 6 0zM19 8l-3 6a3 3 0 0 0 6 0z" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.6-3.6 3.2-6 6.5-6s5.9 2.4 6.5 6" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16 14c2.9 0 5 2 5.5 5" />
    </>
  ),
  heart: <path d="M12 20s-8-4.9-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.1 12 20 12 20z" />,
  bulb: (
    <>
      <path d="M9 18h6M10 21h4" />
      <path d="M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z" />
    </>
  ),
  briefcase: (
    <>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M9 7V5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2M3 13h18" />
    </>
  ),
  graduation: (
    <>
      <path d="M2 9l10-5 10 5-10 5z" />
      <path d="M6 11v5c0 1.5 2.7 3 6 3s6-1.5 6-3v-5M22 9v6" />
    </>
  ),
  badge: (
    <>
      <circle cx="12" cy="9" r="6" />
      <path d="M8.5 14L7 21l5-3 5 3-1.5-7" />
    </>
  ),
};

export type IconName = keyof typeof ICONS;

/** Line icons drawn inline (no outside network). */
export function Icon({ name, className }: { name: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={cn('size-6', className)}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {ICONS[name] ?? ICONS.document}
    </svg>
  );
}

/** A rounded square holding an icon, in brand colours. */
export function IconTile({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cn('inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100', className)}>
      <Icon name={name} />
    </span>
  );
}
