import type { CreateOrderResponse, TokenPackage, User } from '@assay/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

export const PACKAGES: TokenPackage[] = [
  {
    id: 'starter',
    name: 'Starter',
    package_type: 'starter',
    tokens: 10000,
    price_usd: 49,
    original_price_usd: null,
    description: 'Enough for 4 Basic reports.',
    most_popular: false,
    gst_usd: 8.82,
    total_usd: 57.82,
  },
  {
    id: 'pro',
    name: 'Pro',
    package_type: 'pro',
    tokens: 30000,
    price_usd: 129,
    original_price_usd: 149,
    description: 'Enough for 4 Advanced reports.',
    most_popular: true,
    gst_usd: 23.22,
    total_usd: 152.22,
  },
  {
    id: 'max',
    name: 'Max',
    package_type: 'max',
    tokens: 100000,
    price_usd: 349,
    original_price_usd: 449,
    description: 'Enough for 13 Advanced reports.',
    most_popular: false,
    gst_usd: 62.82,
    total_usd: 411.82,
  },
];

export const pkg = (over: Partial<TokenPackage> = {}): TokenPackage => ({ ...PACKAGES[1]!, ...over });

export const MEMBER: User = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  is_verified: true,
  reports_generated: 0,
  created_at: '2025-01-01T00:00:00Z',
  last_login: null,
  auth_provider: 'password',
};

export const order = (over: Partial<CreateOrderResponse> = {}): CreateOrderResponse => ({
  order_id: 'order_sbx_1',
  amount: 15222,
  currency: 'USD',
  key_id: 'rzp_sandbox',
  provider: 'sandbox',
  package: pkg(),
  price_breakdown: { price: 12900, gst: 2322, total: 15222, gst_percent: 18 },
  prefill: { name: MEMBER.name, email: MEMBER.email, contact: MEMBER.phone ?? '' },
  checkout_url: '/api/payments/sandbox/checkout?order_id=order_sbx_1',
  ...over,
});

export { json, stubApi, type Call, type Handler } from '../../test/http.ts';
export { SITE } from '../../test/site.ts';

/** Shows where the app navigated, with its state. */
function Where() {
  const location = useLocation();
  return (
    <div>
      <p data-testid="where">{location.pathname + location.search}</p>
      <p data-testid="where-state">{JSON.stringify(location.state)}</p>
    </div>
  );
}

export function renderAt(path: string, element: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/login', element: <Where /> },
      { path: '/contact', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}
