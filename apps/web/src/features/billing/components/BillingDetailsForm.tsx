import { BILLING_MESSAGES, INDIA, type BillingDetailsView } from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { TextAreaField, TextField } from '../../../components/ui/Field.tsx';
import { errorText } from '../../../lib/api.ts';
import { fetchBillingDetails, saveBillingDetails } from '../api/billing-details.ts';
import { tokenKeys } from '../api/keys.ts';
import { BillingCountryFields } from './BillingCountryFields.tsx';

/**
 * The buyer details of the member's next purchases: the billing country and, in India, the
 * state (the place of supply, which decides the tax), then an optional address and GSTIN
 * (docs/decisions/130-tax-invoices.md, 168-billing-country-and-place-of-supply.md).
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
        Your billing country (and state, in India) decides the tax on your next purchases; the address and GSTIN are optional. Purchases
        already made keep the details they were made with.
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

function DetailsForm({ initial }: { initial: BillingDetailsView }) {
  const queryClient = useQueryClient();
  const [country, setCountry] = useState(initial.country ?? '');
  const [address, setAddress] = useState(initial.address ?? '');
  const [stateCode, setStateCode] = useState(initial.state_code ?? '');
  const [gstin, setGstin] = useState(initial.gstin ?? '');
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<{ country?: string; state?: string }>({});
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
    const india = country === INDIA;
    // A country, once given, stays (a purchase needs one); India needs its state.
    if (initial.country && !country) return setFieldErrors({ country: BILLING_MESSAGES.countryInvalid });
    if (india && !stateCode) return setFieldErrors({ state: BILLING_MESSAGES.stateRequiredInIndia });
    setFieldErrors({});
    save.mutate({
      country: country || null,
      address: address.trim() || null,
      state_code: india ? stateCode : null,
      gstin: india ? gstin.trim() || null : null,
    });
  };
  return (
    <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
      <BillingCountryFields
        country={country}
        stateCode={stateCode}
        onCountry={(c) => {
          setCountry(c);
          setFieldErrors({});
        }}
        onState={(c) => {
          setStateCode(c);
          setFieldErrors({});
        }}
        errors={fieldErrors}
      />
      <TextAreaField label="Billing address" value={address} maxLength={500} rows={3} onChange={(e) => setAddress(e.target.value)} />
      {country === INDIA && (
        <TextField
          label="GSTIN"
          value={gstin}
          maxLength={20}
          autoCapitalize="characters"
          placeholder="29ABCDE1234F1Z5"
          hint="Optional: if you buy for a GST-registered business."
          onChange={(e) => setGstin(e.target.value)}
        />
      )}
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
