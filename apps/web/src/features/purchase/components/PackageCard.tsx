import { COMPLEXITIES, formatMoney, formatTokens, TIER_LABELS } from '@assay/shared';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { formatUsd, isMostPopular, reportsFor, savingCents, type PackageOffer } from '../lib/pricing.ts';

const check = (
  <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 text-brand-600" fill="currentColor" aria-hidden="true">
    <path
      fillRule="evenodd"
      d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
      clipRule="evenodd"
    />
  </svg>
);

/** One package of the grid: price (with the old price and the saving), what the tokens buy, Buy. */
export function PackageCard({ offer, onBuy, disabled }: { offer: PackageOffer; onBuy: (offer: PackageOffer) => void; disabled?: boolean }) {
  const popular = !offer.contactOnly && isMostPopular(offer);
  const saving = offer.contactOnly ? undefined : savingCents(offer);
  const reports = reportsFor(offer.tokens);
  const titleId = `package-${offer.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid={`package-${offer.id}`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm transition-shadow hover:shadow-md',
        popular ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200',
        offer.contactOnly && 'bg-slate-50',
      )}
    >
      {popular && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white shadow-sm">
          Most Popular
        </p>
      )}
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="text-lg font-semibold text-slate-900">
          {offer.name}
        </h3>
        {saving !== undefined && (
          <span
            className="inline-flex shrink-0 items-center rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-inset ring-emerald-200"
            data-testid="saving"
          >
            Save {formatMoney(saving, 'USD')}
          </span>
        )}
      </div>
      <p className="mt-1 text-sm font-medium text-brand-700">
        {/* The contact-only tier starts where the largest package ends: its volume is agreed with sales. */}
        <span className="tabular-nums">{formatTokens(offer.tokens)}</span>
        {offer.contactOnly ? '+ tokens' : ' tokens'}
      </p>

      {/* The old price sits on its own line (kept empty when there is none) so prices line up across cards. */}
      <p className={cn('mt-4 h-5 text-sm text-slate-500 tabular-nums', saving === undefined && 'hidden sm:block')}>
        {saving !== undefined && offer.original_price_usd != null && (
          <s data-testid="original-price">
            <span className="sr-only">Was </span>
            {formatUsd(offer.original_price_usd)}
          </s>
        )}
      </p>
      <p className="text-4xl font-bold tracking-tight text-slate-900 tabular-nums" data-testid="price">
        {offer.contactOnly ? 'Custom' : formatUsd(offer.price_usd)}
      </p>
      <p className="mt-2 text-xs text-slate-500">
        {offer.contactOnly ? 'Custom volume and pricing, invoiced' : '+ 18% GST, one-time payment'}
      </p>

      <p className="mt-4 text-sm text-pretty text-slate-600">{offer.description}</p>

      <div className="mt-5 border-t border-slate-100 pt-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          {offer.contactOnly ? 'Enough for' : 'Enough for up to'}
        </p>
        <ul className="mt-2 space-y-1.5 text-sm text-slate-700">
          {COMPLEXITIES.map((c) => (
            <li key={c} className="flex gap-2">
              {check}
              <span>
                <span className="font-medium tabular-nums">
                  {formatTokens(reports[c])}
                  {offer.contactOnly && '+'}
                </span>{' '}
                {TIER_LABELS[c]} {reports[c] === 1 ? 'report' : 'reports'}
              </span>
            </li>
          ))}
        </ul>
      </div>

      <div className="mt-auto pt-6">
        <Button
          className="w-full"
          variant={offer.contactOnly ? 'outline' : popular ? 'primary' : 'secondary'}
          onClick={() => onBuy(offer)}
          disabled={disabled}
          aria-label={offer.contactOnly ? `Contact sales: ${offer.name} package` : `Buy Now: ${offer.name} package`}
        >
          {offer.contactOnly ? 'Contact sales' : 'Buy Now'}
        </Button>
      </div>
    </article>
  );
}

/** A card-shaped placeholder while the packages load. */
export function PackageCardSkeleton() {
  return (
    <div className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-hidden="true">
      <div className="h-5 w-24 animate-pulse rounded bg-slate-200" />
      <div className="mt-2 h-4 w-32 animate-pulse rounded bg-slate-100" />
      <div className="mt-6 h-9 w-28 animate-pulse rounded bg-slate-200" />
      <div className="mt-5 space-y-2">
        <div className="h-3 w-full animate-pulse rounded bg-slate-100" />
        <div className="h-3 w-5/6 animate-pulse rounded bg-slate-100" />
      </div>
      <div className="mt-6 space-y-2">
        <div className="h-3 w-2/3 animate-pulse rounded bg-slate-100" />
        <div className="h-3 w-2/3 animate-pulse rounded bg-slate-100" />
        <div className="h-3 w-2/3 animate-pulse rounded bg-slate-100" />
      </div>
      <div className="mt-8 h-10 w-full animate-pulse rounded-lg bg-slate-200" />
    </div>
  );
}
