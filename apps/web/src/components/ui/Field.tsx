import {
  forwardRef,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from './cn.ts';

const control = (invalid: boolean) =>
  cn(
    'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400',
    'focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 disabled:bg-slate-100 disabled:text-slate-500',
    invalid ? 'border-red-400' : 'border-slate-300',
  );

/** The error (or else the hint) describes the control, and an error marks it invalid. */
const fieldAria = (id: string, error: string | undefined, hint?: ReactNode) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string | undefined; hint?: ReactNode };

/** A labelled input whose error sits under it and is announced to screen readers. */
export const TextField = forwardRef<HTMLInputElement, InputProps>(function TextField({ label, error, hint, id, className, ...rest }, ref) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <FieldShell id={fid} label={label} error={error} hint={hint}>
      <input ref={ref} id={fid} {...fieldAria(fid, error, hint)} className={cn(control(Boolean(error)), className)} {...rest} />
    </FieldShell>
  );
});

export const PasswordField = forwardRef<HTMLInputElement, Omit<InputProps, 'type'>>(function PasswordField(
  { label, error, hint, id, ...rest },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={fid} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          ref={ref}
          id={fid}
          type={visible ? 'text' : 'password'}
          {...fieldAria(fid, error, hint)}
          className={cn(control(Boolean(error)), 'pr-16')}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 px-3 text-xs font-medium text-slate-500 hover:text-slate-800"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </FieldShell>
  );
});

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode; error?: string | undefined; hint?: ReactNode };

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField(
  { label, error, hint, id, className, ...rest },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <FieldShell id={fid} label={label} error={error} hint={hint}>
      <textarea
        ref={ref}
        id={fid}
        {...fieldAria(fid, error, hint)}
        className={cn(control(Boolean(error)), 'min-h-28', className)}
        {...rest}
      />
    </FieldShell>
  );
});

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; error?: string | undefined; hint?: ReactNode };

export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, error, hint, id, className, children, ...rest },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <FieldShell id={fid} label={label} error={error} hint={hint}>
      <select ref={ref} id={fid} {...fieldAria(fid, error)} className={cn(control(Boolean(error)), className)} {...rest}>
        {children}
      </select>
    </FieldShell>
  );
});

type CheckboxProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string | undefined };

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxProps>(function CheckboxField({ label, error, id, ...rest }, ref) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-2.5">
        <input
          ref={ref}
          id={fid}
          type="checkbox"
          {...fieldAria(fid, error)}
          className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700"
          {...rest}
        />
        <label htmlFor={fid} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${fid}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
});
