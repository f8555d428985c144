import { contactForm, MSG, type ContactForm as ContactValues, type ContactFormKind, type ContactReason } from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Banner } from '../../../components/ui/Banner.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/Field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { submitContact } from '../api/submit-contact.ts';
import { REASON_LABELS } from '../data/contact-reasons.ts';

type FieldName = keyof ContactValues;
const FIELDS: readonly FieldName[] = ['reason', 'name', 'phone', 'email', 'message'];

// The select starts on its "choose" option; the schema turns '' into 'Please select a reason'.
const EMPTY = { reason: '', name: '', phone: '', email: '', message: '' } as unknown as ContactValues;

export interface ContactFormProps {
  /** The reasons offered in the dropdown, in order. */
  reasons: readonly ContactReason[];
  /** Which form this is, stored with the message so operators can tell an RTTP request apart. Both send the reason they ask for. */
  form: ContactFormKind;
  /** How the outcome is shown: an inline banner (contact page) or a toast (RTTP page). */
  feedback: 'banner' | 'toast';
  /** Prefix for field ids, so two forms could share a page. */
  idPrefix?: string;
}

/** The server's text for a refused message, when it has one worth showing (not for 5xx or network errors). */
function serverText(err: unknown): string | undefined {
  return err instanceof ApiError && err.status < 500 ? err.detail : undefined;
}

/**
 * The contact form of docs/product.md §2, §5 and §8: checks run on submit, a field's error clears as
 * soon as it is edited, the button reads 'Sending...' while the message is on its way.
 */
export function ContactForm({ reasons, form, feedback, idPrefix = 'contact' }: ContactFormProps) {
  const hydrated = useHydrated();
  const [outcome, setOutcome] = useState<{ ok: boolean; detail?: string | undefined }>();
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(contactForm),
    defaultValues: EMPTY,
    mode: 'onSubmit',
    // Editing clears the error; it is checked again on the next submit.
    reValidateMode: 'onSubmit',
  });

  const field = (name: FieldName) => register(name, { onChange: () => clearErrors(name) });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(undefined);
    try {
      const res = await submitContact({ ...values, form });
      reset(EMPTY);
      if (feedback === 'toast') toast.success(res?.message || MSG.contactThanks);
      else setOutcome({ ok: true });
    } catch (err) {
      // A 422 names the fields the server refused: show them where they belong.
      let placed = false;
      if (err instanceof ApiError && err.errors) {
        for (const [key, message] of Object.entries(err.errors)) {
          if (!(FIELDS as readonly string[]).includes(key)) continue;
          setError(key as FieldName, { message });
          placed = true;
        }
      }
      const detail = placed ? undefined : serverText(err);
      if (feedback === 'toast') toast.error(detail || MSG.contactFailed);
      else setOutcome({ ok: false, detail: detail && detail !== MSG.contactErrorBanner ? detail : undefined });
    }
  });

  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    // Drawn by the server on /contact and /rttp: until the app runs, the button is off and the
    // method is POST, so a message sent too early never lands in an address bar or a log.
    <form onSubmit={onSubmit} method="post" noValidate className="space-y-5" aria-label="Contact form">
      <SelectField id={id('reason')} label="Reason for contacting us" error={errors.reason?.message} {...field('reason')}>
        <option value="">Select a reason</option>
        {reasons.map((r) => (
          <option key={r} value={r}>
            {REASON_LABELS[r]}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id={id('name')} label="Name" autoComplete="name" error={errors.name?.message} {...field('name')} />
        <TextField
          id={id('phone')}
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phone?.message}
          {...field('phone')}
        />
      </div>
      <TextField id={id('email')} label="Email" type="email" autoComplete="email" error={errors.email?.message} {...field('email')} />
      <TextAreaField id={id('message')} label="Message" rows={5} error={errors.message?.message} {...field('message')} />
      {outcome && (
        <Banner tone={outcome.ok ? 'success' : 'error'}>
          <p>{outcome.ok ? MSG.contactSentBanner : MSG.contactErrorBanner}</p>
          {outcome.detail && <p className="mt-1">{outcome.detail}</p>}
        </Banner>
      )}
      <Button type="submit" size="lg" loading={isSubmitting} disabled={!hydrated} className="w-full sm:w-auto">
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
