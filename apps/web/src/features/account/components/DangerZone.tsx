import { useState } from 'react';
import type { User } from '@assay/shared';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';

/** The irreversible action, set apart at the end of the profile. */
export function DangerZone({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-red-200 p-6">
      <h2 className="text-lg font-semibold text-red-800">Danger zone</h2>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          Delete your account, your reports and their PDFs for good. Unused tokens are forfeited; invoices are kept, without your details,
          for the period tax law requires.
        </p>
        <Button variant="danger" className="shrink-0" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </div>
      <DeleteAccountDialog user={user} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
