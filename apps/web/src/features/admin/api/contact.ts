import { contactEndpoints } from '@assay/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, callRaw } from '../../../lib/api.ts';
import { dispositionFileName, saveBlob } from '../../../lib/download.ts';
import { adminPage, asOperator, logged, SILENT } from '../lib/admin-api.ts';
import { today } from '../lib/today.ts';
import { adminKeys, PAGE_SIZE, type ContactFilter } from './keys.ts';

/** The browser's IANA time zone: the server reads the picked days as the operator's days, as the list shows its times. */
export function operatorTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

const filterParams = (f: ContactFilter) => ({
  q: f.q || undefined,
  from: f.from || undefined,
  to: f.to || undefined,
  tz: f.from || f.to ? operatorTimeZone() : undefined,
});

/** GET /contact/submissions — newest first, filtered by text and dates, one page with X-Total-Count. */
export const contactQuery = (filter: ContactFilter, page: number) =>
  queryOptions({
    queryKey: adminKeys.contact(filter, page),
    queryFn: ({ signal }) =>
      logged('contact submissions', () =>
        adminPage(contactEndpoints.submissions, { query: { ...filterParams(filter), page, limit: PAGE_SIZE.contact }, signal }),
      ),
    placeholderData: keepPreviousData,
    meta: SILENT,
  });

/** POST /contact/submissions/:id/handled — marked handled by this operator, or open again. */
export const setSubmissionHandled = (id: string, handled: boolean) =>
  asOperator((authorization) => call(contactEndpoints.setHandled, { params: { id }, body: { handled }, authorization }));

/** DELETE /contact/submissions/:id — erased for good. */
export const eraseSubmission = (id: string) =>
  asOperator((authorization) => call(contactEndpoints.erase, { params: { id }, authorization }));

/** GET /contact/export — the server's CSV of the (filtered) submissions, saved as a file. */
export async function downloadContactCsv(filter: ContactFilter): Promise<void> {
  const res = await asOperator((authorization) => callRaw(contactEndpoints.export, { query: filterParams(filter), authorization }));
  const blob = await res.blob();
  saveBlob(blob, dispositionFileName(res.headers.get('content-disposition')) ?? `contact-submissions-${today()}.csv`);
}
