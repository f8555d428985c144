import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/ui/Button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Icon } from '../../../components/ui/Icon.tsx';
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

/** A rounded square holding an icon, in brand colours. */
export function IconTile({ name, className }: { name: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100',
        className,
      )}
    >
      <Icon name={name} />
    </span>
  );
}
