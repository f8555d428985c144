import { ACCOUNT_MESSAGES } from '@assay/shared';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { errorText } from '../../../lib/api.ts';
import { useSearchParams } from 'react-router';
import { saveBlob } from '../../../lib/download.ts';
import { fetchDataExport, requestDataExport } from '../api/export-data.ts';

/**
 * Everything we hold about the member, as one zip: built in the background and linked by email
 * (docs/decisions/181-heavy-work-off-the-event-loop.md), so a large account never ties up a download.
 */
export function ExportData() {
  const request = useMutation({
    mutationFn: requestDataExport,
    onError: (err) => toast.error(errorText(err, ACCOUNT_MESSAGES.exportFailed)),
  });
  // The mailed link of a member with two-factor sign-in leads here, signed in (decision 190).
  const ready = useSearchParams()[0].get('export');
  const download = useMutation({
    mutationFn: () => fetchDataExport(ready!),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (err) => toast.error(errorText(err, ACCOUNT_MESSAGES.exportNotFound)),
  });
  return (
    <Card id="your-data" className="scroll-mt-24 p-6">
      <h2 className="text-lg font-semibold text-slate-900">Your data</h2>
      <p className="mt-1 text-sm text-slate-600">
        Get a zip of your profile, purchases, invoices and credit notes, token history, and every report with its details and PDF. We
        prepare it in the background and email you a link to download it.
      </p>
      {ready && (
        <Button className="mt-4 mr-3" onClick={() => download.mutate()} loading={download.isPending}>
          Download your data
        </Button>
      )}
      <Button variant="outline" className="mt-4" onClick={() => request.mutate()} loading={request.isPending} disabled={request.isSuccess}>
        Email me my data
      </Button>
      <p role="status" className="mt-3 text-sm text-slate-700">
        {request.data?.detail ?? ''}
      </p>
    </Card>
  );
}
