import { minorToMajor, priceBreakdown, type PackageType, type TokenPackage } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';

export interface PackageRow {
  id: string;
  name: string;
  package_type: PackageType;
  tokens: number;
  price_usd_cents: number;
  original_price_usd_cents: number | null;
  description: string;
  most_popular: boolean;
}

const COLUMNS = 'id, name, package_type, tokens, price_usd_cents, original_price_usd_cents, description, most_popular';

export function toPackageView(p: PackageRow): TokenPackage {
  const b = priceBreakdown(p.price_usd_cents);
  return {
    id: p.id,
    name: p.name,
    package_type: p.package_type,
    tokens: p.tokens,
    price_usd: minorToMajor(p.price_usd_cents),
    original_price_usd: p.original_price_usd_cents === null ? null : minorToMajor(p.original_price_usd_cents),
    description: p.description,
    most_popular: p.most_popular,
    gst_usd: minorToMajor(b.gst),
    total_usd: minorToMajor(b.total),
  };
}

/** Active packages in display order (public). */
export async function listPackages(q: Queryable): Promise<TokenPackage[]> {
  const r = await q.query<PackageRow>(`SELECT ${COLUMNS} FROM token_packages WHERE active ORDER BY sort_order, tokens, id`);
  return r.rows.map(toPackageView);
}

export async function findActivePackage(q: Queryable, id: string): Promise<PackageRow | undefined> {
  const r = await q.query<PackageRow>(`SELECT ${COLUMNS} FROM token_packages WHERE id = $1 AND active`, [id]);
  return r.rows[0];
}

/**
 * The package's price in the charge currency, minor units: USD from the package itself, any
 * other currency only from a price an operator entered (never converted in code).
 */
export async function packagePriceMinor(q: Queryable, p: PackageRow, currency: string): Promise<number | undefined> {
  if (currency === 'USD') return p.price_usd_cents;
  const r = await q.query<{ amount_minor: number }>(
    'SELECT amount_minor FROM token_package_prices WHERE package_id = $1 AND currency = $2',
    [p.id, currency],
  );
  return r.rows[0]?.amount_minor;
}
