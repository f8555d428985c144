import { ACCOUNT_MESSAGES } from '@assay/shared';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { errorText } from '../../../lib/api.ts';
import { saveBlob } from '../../../lib/download.ts';
import { fetchDataExport } from '../api/export-data.ts';

/** Download everything we hold about the member, as one zip. */
export function ExportData() {
  const download = useMutation({
    mutationFn: fetchDataExport,
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (err) => toast.error(errorText(err, ACCOUNT_MESSAGES.exportFailed)),
  });
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">Your data</h2>
      <p className="mt-1 text-sm text-slate-600">
        Download a zip of your profile, purchases and invoices, token history, and every report with its details and PDF.
      </p>
      <Button variant="outline" className="mt-4" onClick={() => download.mutate()} loading={download.isPending}>
        Download my data
      </Button>
    </Card>
  );
}
