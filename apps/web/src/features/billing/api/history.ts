import { billingEndpoints, type LedgerEntry, type Purchase, type TokenLot } from '@assay/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { callRaw, readJson } from '../../../lib/api.ts';
import { dispositionFileName, saveBlob } from '../../../lib/download.ts';
import { tokenKeys } from './keys.ts';

export const HISTORY_PAGE_SIZE = 20;

const nextCursor = (res: Response) => res.headers.get('x-next-cursor') ?? undefined;

/** GET /billing/purchases, a page at a time (each names the next in X-Next-Cursor). */
export const purchasesQuery = () =>
  infiniteQueryOptions({
    queryKey: tokenKeys.purchases,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ signal, pageParam }): Promise<{ purchases: Purchase[]; next: string | undefined }> => {
      const res = await callRaw(billingEndpoints.purchases, { query: { limit: HISTORY_PAGE_SIZE, cursor: pageParam }, signal });
      return { purchases: (await readJson(billingEndpoints.purchases, res)).purchases, next: nextCursor(res) };
    },
    getNextPageParam: (last) => last.next,
  });

/** GET /billing/ledger, a page at a time; every page carries the newest lots (and whether older ones exist), the first page's are shown. */
export const ledgerQuery = () =>
  infiniteQueryOptions({
    queryKey: tokenKeys.ledger,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({
      signal,
      pageParam,
    }): Promise<{ entries: LedgerEntry[]; lots: TokenLot[]; lots_more?: boolean | undefined; next: string | undefined }> => {
      const res = await callRaw(billingEndpoints.ledger, { query: { limit: HISTORY_PAGE_SIZE, cursor: pageParam }, signal });
      return { ...(await readJson(billingEndpoints.ledger, res)), next: nextCursor(res) };
    },
    getNextPageParam: (last) => last.next,
  });

/** GET /billing/invoices/{number} with the member's token, saved under the server's file name. */
export async function downloadInvoice(invoiceNumber: string): Promise<void> {
  const res = await callRaw(billingEndpoints.invoice, { params: { invoice_number: invoiceNumber } });
  const name = dispositionFileName(res.headers.get('content-disposition')) ?? `${invoiceNumber.replaceAll('/', '-')}.pdf`;
  saveBlob(await res.blob(), name);
}
