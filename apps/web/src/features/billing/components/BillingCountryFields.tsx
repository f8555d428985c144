import { COUNTRY_CODES, countryName, GST_STATES, INDIA, OUTSIDE_INDIA } from '@assay/shared';
import { SelectField } from '../../../components/ui/Field.tsx';

const COUNTRIES = COUNTRY_CODES.filter((code) => code !== INDIA)
  .map((code) => [code, countryName(code)] as const)
  .sort(([, a], [, b]) => a.localeCompare(b));
const STATES = Object.entries(GST_STATES)
  .filter(([code]) => code !== OUTSIDE_INDIA)
  .sort(([, a], [, b]) => a.localeCompare(b));

/** "Germany", "India · Karnataka": where a member is billed, in words. */
export const billedTo = (country: string, stateCode: string | null) =>
  country === INDIA && stateCode ? `${countryName(country)} · ${GST_STATES[stateCode] ?? stateCode}` : countryName(country);

export interface BillingCountryFieldsProps {
  country: string;
  stateCode: string;
  onCountry: (code: string) => void;
  onState: (code: string) => void;
  errors?: { country?: string | undefined; state?: string | undefined };
}

/**
 * The billing country and, in India, its state: together they decide the tax on a purchase
 * (docs/decisions/168-billing-country-and-place-of-supply.md). Nothing is preselected: the member
 * says where they are billed.
 */
export function BillingCountryFields({ country, stateCode, onCountry, onState, errors }: BillingCountryFieldsProps) {
  return (
    <div className="grid gap-4 *:min-w-0 sm:grid-cols-2">
      <SelectField
        label="Billing country"
        value={country}
        required
        autoComplete="country"
        error={errors?.country}
        onChange={(e) => onCountry(e.target.value)}
      >
        <option value="">Choose a country</option>
        <option value={INDIA}>{countryName(INDIA)}</option>
        <option disabled>──────────</option>
        {COUNTRIES.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectField>
      {country === INDIA && (
        <SelectField label="State" value={stateCode} required error={errors?.state} onChange={(e) => onState(e.target.value)}>
          <option value="">Choose a state</option>
          {STATES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
      )}
    </div>
  );
}
