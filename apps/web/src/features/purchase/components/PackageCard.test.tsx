import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ENTERPRISE_OFFER } from '../lib/pricing.ts';
import { pkg } from '../test-support.tsx';
import { PackageCard } from './PackageCard.tsx';

const card = (id: string) => screen.getByTestId(`package-${id}`);

describe('a package card', () => {
  it('strikes the old price through and shows the saving when the old price is higher', () => {
    render(<PackageCard offer={pkg({ price_usd: 129, original_price_usd: 149 })} onBuy={() => {}} />);
    const c = within(card('pro'));
    expect(c.getByTestId('price').textContent).toBe('$129.00');
    const old = c.getByTestId('original-price');
    expect(old.tagName).toBe('S');
    expect(old.textContent).toBe('Was $149.00');
    expect(c.getByTestId('saving').textContent).toBe('Save $20.00');
    expect(c.getByText('Most Popular')).toBeTruthy();
    expect(c.getByText('30,000')).toBeTruthy();
  });

  it('computes the saving in cents', () => {
    render(<PackageCard offer={pkg({ id: 'x', price_usd: 129.49, original_price_usd: 149.99 })} onBuy={() => {}} />);
    expect(within(card('x')).getByTestId('saving').textContent).toBe('Save $20.50');
  });

  it.each([
    ['no old price', null],
    ['the same price', 129],
    ['a lower old price', 99],
  ])('shows no strike-through and no saving with %s', (_label, original) => {
    render(
      <PackageCard offer={pkg({ id: 'y', package_type: 'starter', most_popular: false, original_price_usd: original })} onBuy={() => {}} />,
    );
    const c = within(card('y'));
    expect(c.queryByTestId('original-price')).toBeNull();
    expect(c.queryByTestId('saving')).toBeNull();
    expect(c.queryByText('Most Popular')).toBeNull();
    expect(c.getByTestId('price').textContent).toBe('$129.00');
  });

  it('shows Enterprise as Custom with Contact sales', async () => {
    const onBuy = vi.fn();
    render(<PackageCard offer={ENTERPRISE_OFFER} onBuy={onBuy} />);
    const c = within(card('enterprise'));
    expect(c.getByTestId('price').textContent).toBe('Custom');
    // Not the same 100,000 tokens Max sells: a custom volume from there up.
    expect(c.getByText(/\+ tokens$/).textContent).toBe('100,000+ tokens');
    expect(c.getByText('Custom volume and pricing, invoiced')).toBeTruthy();
    expect(c.getByText('40+')).toBeTruthy();
    expect(c.queryByText('Enough for up to')).toBeNull();
    await userEvent.click(c.getByRole('button', { name: 'Contact sales: Enterprise package' }));
    expect(onBuy).toHaveBeenCalledWith(ENTERPRISE_OFFER);
  });
});
