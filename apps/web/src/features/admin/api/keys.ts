import type { PostType } from '@assay/shared';

/** Every operator query lives under ['admin'], so Logout removes all of them at once. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: () => ['admin', 'stats'] as const,
  evidenceSources: () => ['admin', 'evidence-sources'] as const,
  users: (q: string, page: number) => ['admin', 'users', { q, page }] as const,
  userReports: (id: string) => ['admin', 'user', id, 'reports'] as const,
  userTransactions: (id: string) => ['admin', 'user', id, 'transactions'] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  transactions: (filter: TransactionFilter, page: number) => ['admin', 'transactions', { ...filter, page }] as const,
  contactAll: () => ['admin', 'contact'] as const,
  contact: (filter: ContactFilter, page: number) => ['admin', 'contact', { ...filter, page }] as const,
  posts: (type: PostType) => ['admin', 'posts', type] as const,
  activity: (filter: ActivityFilter) => ['admin', 'activity', filter] as const,
  refundLists: () => ['admin', 'refunds'] as const,
  operators: () => ['admin', 'operators'] as const,
  refunds: (status: string) => ['admin', 'refunds', status] as const,
  refund: (id: string) => ['admin', 'refund', id] as const,
  reviewLists: () => ['admin', 'reviews'] as const,
  reviews: (state: string) => ['admin', 'reviews', state] as const,
  experts: () => ['admin', 'experts'] as const,
  passkeys: () => ['admin', 'passkeys'] as const,
};

/** Token Purchases: the search, a payment state ('' for all) and a day range. */
export interface TransactionFilter {
  q: string;
  status: string;
  from: string;
  to: string;
}

export interface ContactFilter {
  q: string;
  from: string;
  to: string;
}

/** The Activity tab's filters ('' for any). */
export interface ActivityFilter {
  operator: string;
  action: string;
  from: string;
  to: string;
}

export const PAGE_SIZE = { users: 20, transactions: 25, contact: 25 } as const;
