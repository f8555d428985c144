import type { ReportStatus } from '@assay/shared';

/** Query keys of the reports feature. */
export const reportKeys = {
  all: ['reports'] as const,
  lists: ['reports', 'list'] as const,
  one: (id: string) => ['reports', 'one', id] as const,
  list: (page: number, status: ReportStatus | undefined) => ['reports', 'list', { page, status: status ?? 'all' }] as const,
};
