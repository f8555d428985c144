import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/http.ts';
import { ExpertEarnings } from './ExpertEarnings.tsx';

/** Decision 234: the expert's own earnings in the portal. */
afterEach(() => vi.unstubAllGlobals());
const show = (body: unknown) => {
  stubApi({ 'GET /expert/earnings': () => json(200, body) });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ExpertEarnings />
    </QueryClientProvider>,
  );
};

describe('the expert’s earnings', () => {
  it('shows owed and paid, each review’s fee and whether it was paid, and the last payout', async () => {
    show({
      owed_tokens: 4500,
      paid_tokens: 3000,
      earnings: [
        { request_id: 'r2', complexity: 'advanced', tokens: 4500, accrued_at: '2026-12-03T10:00:00Z', paid_at: null },
        { request_id: 'r1', complexity: 'basic', tokens: 3000, accrued_at: '2026-11-20T10:00:00Z', paid_at: '2026-12-01T10:00:00Z' },
      ],
      payouts: [
        {
          id: 'p1',
          expert_id: 'e1',
          through: '2026-11-30',
          tokens: 3000,
          reviews: 1,
          reference: 'NEFT 42',
          paid_at: '2026-12-01T10:00:00Z',
        },
      ],
    });
    expect((await screen.findByTestId('earnings-owed')).textContent).toBe('4,500 tokens');
    expect(screen.getByTestId('earnings-paid').textContent).toBe('3,000 tokens');
    const items = within(screen.getByRole('list', { name: 'Earnings by review' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toMatch(/^Advanced review delivered .*4,500 tokens · owed$/);
    expect(items[1]).toMatch(/^Basic review delivered .*3,000 tokens · paid /);
    expect(screen.getByTestId('expert-earnings').textContent).toContain(
      'Last payout: 3,000 tokens for 1 review delivered up to 2026-11-30',
    );
    expect(screen.getByTestId('expert-earnings').textContent).toContain('(NEFT 42)');
  });

  it('says what will appear when nothing is earned yet', async () => {
    show({ owed_tokens: 0, paid_tokens: 0, earnings: [], payouts: [] });
    expect(await screen.findByText('Each review you deliver earns its fee here.')).toBeTruthy();
  });
});
