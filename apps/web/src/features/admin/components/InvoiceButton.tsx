import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { errorText } from '../../../lib/api.ts';
import { downloadInvoice } from '../api/download-invoice.ts';
import { DownloadIcon } from './Shared.tsx';

/** A purchase's tax invoice, downloaded with the operator's credentials; a dash when it has none. */
export function InvoiceButton({ invoiceNumber }: { invoiceNumber: string | null }) {
  const [busy, setBusy] = useState(false);
  if (!invoiceNumber) return <span className="text-slate-400">—</span>;
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadInvoice(invoiceNumber);
    } catch (err) {
      console.error('Invoice download failed', err);
      toast.error(errorText(err, 'Failed to download invoice'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      variant="outline"
      loading={busy}
      onClick={() => void onClick()}
      aria-label={`Download invoice ${invoiceNumber}`}
      title={invoiceNumber}
    >
      {!busy && <DownloadIcon />}
      Invoice
    </Button>
  );
}
