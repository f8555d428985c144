import { BILLING_MESSAGES, GST_STATES, type BillingDetails } from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/Field.tsx';
import { errorText } from '../../../lib/api.ts';
import { fetchBillingDetails, saveBillingDetails } from '../api/billing-details.ts';
import { tokenKeys } from '../api/keys.ts';

const STATES = Object.entries(GST_STATES).sort(([, a], [, b]) => a.localeCompare(b));

/**
 * The optional buyer details printed on the member's next tax invoices: billing address, its
 * state (the place of supply) and a GSTIN (docs/decisions/130-tax-invoices.md).
 */
export function BillingDetailsForm() {
  const details = useQuery({
    queryKey: tokenKeys.billingDetails,
    queryFn: ({ signal }) => fetchBillingDetails(signal),
    meta: { silent: true },
  });
  return (
    <Card id="billing-details" className="scroll-mt-24 p-6">
      <h2 className="text-lg font-semibold text-slate-900">Billing details</h2>
      <p className="mt-1 text-sm text-slate-600">
        Optional. Printed on the tax invoices of your next purchases; invoices already issued keep the details they were issued with.
      </p>
      {details.isPending ? (
        <div className="mt-5 space-y-3" aria-hidden="true">
          <div className="h-10 w-full animate-pulse rounded bg-slate-100" />
          <div className="h-10 w-2/3 animate-pulse rounded bg-slate-100" />
        </div>
      ) : details.isError ? (
        <div role="alert" className="mt-5 flex flex-wrap items-center gap-3 text-sm text-red-700">
          Failed to load billing details
          <Button variant="outline" size="sm" onClick={() => void details.refetch()} loading={details.isFetching}>
            Try again
          </Button>
        </div>
      ) : (
        <DetailsForm initial={details.data} />
      )}
    </Card>
  );
}

function DetailsForm({ initial }: { initial: BillingDetails }) {
  const queryClient = useQueryClient();
  const [address, setAddress] = useState(initial.address ?? '');
  const [stateCode, setStateCode] = useState(initial.state_code ?? '');
  const [gstin, setGstin] = useState(initial.gstin ?? '');
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: saveBillingDetails,
    onSuccess: (saved) => {
      queryClient.setQueryData(tokenKeys.billingDetails, saved);
      setError(undefined);
      toast.success(BILLING_MESSAGES.billingDetailsSaved);
    },
    onError: (err) => setError(errorText(err, BILLING_MESSAGES.billingDetailsFailed)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ address: address.trim() || null, state_code: stateCode || null, gstin: gstin.trim() || null });
  };
  return (
    <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
      <TextAreaField label="Billing address" value={address} maxLength={500} rows={3} onChange={(e) => setAddress(e.target.value)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="State" value={stateCode} onChange={(e) => setStateCode(e.target.value)} hint="The place of supply for GST.">
          <option value="">Not given</option>
          {STATES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="GSTIN"
          value={gstin}
          maxLength={20}
          autoCapitalize="characters"
          placeholder="29ABCDE1234F1Z5"
          hint="If you buy for a GST-registered business."
          onChange={(e) => setGstin(e.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <Button type="submit" loading={save.isPending}>
        Save billing details
      </Button>
    </form>
  );
}
