import {
  COUNTRY_CODES,
  countryName,
  EXPERT_ACCESS_MESSAGES,
  EXPERT_APPLICATION_LIMITS,
  expertApplicationRequest,
  formatCount,
  INVENTION_FIELDS,
  type ExpertApplicationRequest,
} from '@assay/shared';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/Banner.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/Field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { submitApplication } from '../api/apply.ts';

type FieldName = keyof ExpertApplicationRequest;
const ORDER: readonly FieldName[] = ['name', 'email', 'country', 'rttp_number', 'fields', 'languages', 'statement'];
const EMPTY = { name: '', email: '', country: '', rttp_number: '', fields: [] as string[], languages: '', statement: '' };
const L = EXPERT_APPLICATION_LIMITS;

const NEXT_STEPS = [
  'An operator reads your application and checks your RTTP registration.',
  'If your fields and languages match what members ask for, you are e-mailed an invitation to set a password for the expert portal.',
  'There you accept a confidentiality undertaking, and reviews matched to you are offered with a deadline to accept.',
] as const;

/**
 * Join as Expert (decision 235): the product's own application form, where the RTTP page used
 * to send people to an outside one. Checked with the server's own rules on submit; the server's
 * 422 names the fields it refused, and a 429 (several applications from one address) is shown as
 * said. Nothing confidential is asked for.
 */
export default function ExpertApplyPage() {
  usePageTitle('Join as Expert');
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string>();
  const thanks = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);
  const countries = useMemo(
    () => [...COUNTRY_CODES].map((c) => ({ code: c, name: countryName(c) })).sort((a, b) => a.name.localeCompare(b.name)),
    [],
  );

  const fid = (name: FieldName) => `${id}-${name}`;
  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setErrors((x) => ({ ...x, [name]: undefined }));
  };
  const showErrors = (found: Partial<Record<FieldName, string>>) => {
    setErrors(found);
    const first = ORDER.find((n) => found[n]);
    if (first) document.getElementById(first === 'fields' ? `${fid('fields')}-0` : fid(first))?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(undefined);
    const body = {
      ...values,
      languages: values.languages
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    };
    const parsed = expertApplicationRequest.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
      return showErrors(found);
    }
    setSending(true);
    try {
      setSent((await submitApplication(parsed.data)).message);
    } catch (err) {
      // A 422 names the fields the server refused: show them where they belong; anything else above the button.
      if (err instanceof ApiError && err.status === 422 && err.errors) {
        const found: Partial<Record<FieldName, string>> = {};
        for (const [key, message] of Object.entries(err.errors)) found[key.split('.')[0] as FieldName] ??= message;
        showErrors(found);
      } else {
        setFailure(err instanceof ApiError && err.status < 500 && err.detail ? err.detail : EXPERT_ACCESS_MESSAGES.applicationFailed);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="bg-gradient-to-b from-brand-50 via-white to-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Registered Technology Transfer Professionals</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Join as Expert</h1>
          <p className="mt-4 text-lg text-slate-600">
            Review inventors’ technology assessment reports inside the product: the invention record, the report and its evidence side by
            side with your review. Tell us about your expertise and we will be in touch by e-mail.
          </p>
        </div>

        <div className="mt-10 grid gap-8 lg:grid-cols-[1.5fr_1fr]">
          <Card className="p-5 sm:p-8">
            {sent ? (
              <div className="space-y-3" role="status">
                <h2 ref={thanks} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
                  Application sent
                </h2>
                <p className="text-sm text-slate-700">{sent}</p>
                <p className="text-sm text-slate-600">
                  Back to the{' '}
                  <Link to="/rttp" className="font-medium text-brand-700 hover:underline">
                    RTTP Experts page
                  </Link>
                  .
                </p>
              </div>
            ) : (
              <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5" aria-labelledby={`${id}-title`}>
                <div>
                  <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
                    Your application
                  </h2>
                  <p className="mt-1 text-sm text-slate-600">All fields are required.</p>
                </div>
                <div className="grid gap-5 sm:grid-cols-2">
                  <TextField
                    id={fid('name')}
                    label="Name"
                    autoComplete="name"
                    maxLength={L.nameMax}
                    value={values.name}
                    onChange={set('name')}
                    error={errors.name}
                  />
                  <TextField
                    id={fid('email')}
                    label="E-mail"
                    type="email"
                    autoComplete="email"
                    value={values.email}
                    onChange={set('email')}
                    error={errors.email}
                  />
                  <SelectField
                    id={fid('country')}
                    label="Country"
                    autoComplete="country"
                    value={values.country}
                    onChange={set('country')}
                    error={errors.country}
                  >
                    <option value="">Select a country</option>
                    {countries.map((c) => (
                      <option key={c.code} value={c.code}>
                        {c.name}
                      </option>
                    ))}
                  </SelectField>
                  <TextField
                    id={fid('rttp_number')}
                    label="RTTP number"
                    maxLength={L.rttpMax}
                    value={values.rttp_number}
                    onChange={set('rttp_number')}
                    error={errors.rttp_number}
                  />
                </div>
                <fieldset aria-describedby={errors.fields ? `${fid('fields')}-error` : undefined}>
                  <legend className="text-sm font-medium text-slate-700">Fields of expertise</legend>
                  <div className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-2">
                    {INVENTION_FIELDS.map((f, i) => (
                      <label key={f.id} className="flex items-start gap-2.5 text-sm text-slate-700">
                        <input
                          id={`${fid('fields')}-${i}`}
                          type="checkbox"
                          className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700"
                          checked={values.fields.includes(f.id)}
                          aria-invalid={errors.fields ? true : undefined}
                          onChange={(e) => {
                            const on = e.target.checked;
                            setValues((v) => ({ ...v, fields: on ? [...v.fields, f.id] : v.fields.filter((x) => x !== f.id) }));
                            setErrors((x) => ({ ...x, fields: undefined }));
                          }}
                        />
                        {f.label}
                      </label>
                    ))}
                  </div>
                  {errors.fields && (
                    <p id={`${fid('fields')}-error`} className="mt-1 text-sm text-red-700">
                      {errors.fields}
                    </p>
                  )}
                </fieldset>
                <TextField
                  id={fid('languages')}
                  label="Languages you review in"
                  hint="Separate them with commas, e.g. English, Hindi."
                  value={values.languages}
                  onChange={set('languages')}
                  error={errors.languages}
                />
                <TextAreaField
                  id={fid('statement')}
                  label="Your experience"
                  hint={`What you have licensed, assessed or built, in ${L.statementMin} to ${formatCount(L.statementMax)} characters. Please leave out anything confidential.`}
                  rows={6}
                  maxLength={L.statementMax}
                  value={values.statement}
                  onChange={set('statement')}
                  error={errors.statement}
                />
                {failure && (
                  <Banner tone="error">
                    <p>{failure}</p>
                  </Banner>
                )}
                <Button type="submit" size="lg" loading={sending} className="w-full sm:w-auto">
                  {sending ? 'Sending...' : 'Send application'}
                </Button>
              </form>
            )}
          </Card>

          <aside aria-labelledby={`${id}-next`} className="space-y-4">
            <h2 id={`${id}-next`} className="text-lg font-semibold text-slate-900">
              What happens next
            </h2>
            <ol className="space-y-3">
              {NEXT_STEPS.map((s, i) => (
                <li key={s} className="flex gap-3 text-sm text-slate-700">
                  <span
                    className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white"
                    aria-hidden="true"
                  >
                    {i + 1}
                  </span>
                  <span>
                    <span className="sr-only">Step {i + 1}: </span>
                    {s}
                  </span>
                </li>
              ))}
            </ol>
            <p className="text-sm text-slate-600">
              Already invited? Sign in at the{' '}
              <Link to="/expert" className="font-medium text-brand-700 hover:underline">
                expert portal
              </Link>
              .
            </p>
          </aside>
        </div>
      </div>
    </div>
  );
}
