import { BILLING_MESSAGES, INDIA, type BillingDetailsView } from '@assay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { errorText } from '../../../lib/api.ts';
import { BillingCountryFields, saveBillingDetails, tokenKeys } from '../../billing/index.ts';

/**
 * The purchase dialog's step before the first purchase (and whenever the member changes it
 * there): the billing country, and the state in India. Saved to the profile, then the purchase
 * goes on to review (docs/decisions/168-billing-country-and-place-of-supply.md).
 */
export function BillingCountryStep({
  details,
  onSaved,
  onCancel,
}: {
  details: BillingDetailsView;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const [country, setCountry] = useState(details.country ?? '');
  const [stateCode, setStateCode] = useState(details.state_code ?? '');
  const [errors, setErrors] = useState<{ country?: string; state?: string; form?: string }>({});
  const save = useMutation({
    mutationFn: saveBillingDetails,
    onSuccess: (saved) => {
      queryClient.setQueryData(tokenKeys.billingDetails, saved);
      onSaved();
    },
    onError: (err) => setErrors({ form: errorText(err, BILLING_MESSAGES.billingDetailsFailed) }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!country) return setErrors({ country: BILLING_MESSAGES.countryInvalid });
    if (country === INDIA && !stateCode) return setErrors({ state: BILLING_MESSAGES.stateRequiredInIndia });
    setErrors({});
    const india = country === INDIA;
    save.mutate({
      country,
      state_code: india ? stateCode : null,
      address: details.address,
      // A GSTIN belongs to one Indian state: kept only while it still matches.
      gstin: india && details.gstin?.startsWith(stateCode) ? details.gstin : null,
    });
  };
  return (
    <form className="space-y-5" onSubmit={submit} noValidate data-testid="billing-country-step">
      <p className="text-sm text-slate-600">
        Where are you billed? Your country (and your state, in India) decides the tax on your purchase. We ask once; you can change it later
        under Profile → Billing details.
      </p>
      <BillingCountryFields
        country={country}
        stateCode={stateCode}
        onCountry={(c) => {
          setCountry(c);
          setErrors({});
        }}
        onState={(s) => {
          setStateCode(s);
          setErrors({});
        }}
        errors={errors}
      />
      {errors.form && (
        <p role="alert" className="text-sm text-red-600">
          {errors.form}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending} className="sm:min-w-48">
          Continue
        </Button>
      </div>
    </form>
  );
}
