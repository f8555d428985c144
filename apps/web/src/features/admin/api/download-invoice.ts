import { billingEndpoints } from '@assay/shared';
import { callRaw } from '../../../lib/api.ts';
import { dispositionFileName, saveBlob } from '../../../lib/download.ts';
import { asOperator } from '../lib/admin-api.ts';

/** GET /billing/invoices/{number} with basic authorization (operators may read every invoice). */
export async function downloadInvoice(invoiceNumber: string): Promise<void> {
  const res = await asOperator((authorization) =>
    callRaw(billingEndpoints.invoice, { params: { invoice_number: invoiceNumber }, authorization }),
  );
  const name = dispositionFileName(res.headers.get('content-disposition')) ?? `${invoiceNumber.replaceAll('/', '-')}.pdf`;
  saveBlob(await res.blob(), name);
}
