import { changePasswordForm, formatDay as formatDate, MSG, updateMeRequest, type ChangePasswordForm, type User } from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { PasswordField, TextField } from '../../../components/ui/Field.tsx';
import { PageSpinner } from '../../../components/ui/Spinner.tsx';
import { ApiError, errorText } from '../../../lib/api.ts';
import { session } from '../../../lib/session.ts';
import { authApi } from '../../auth/index.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { BillingDetailsForm } from '../../billing/index.ts';
import { ChangeEmail } from '../components/ChangeEmail.tsx';
import { DangerZone } from '../components/DangerZone.tsx';
import { ExportData } from '../components/ExportData.tsx';
import { NotificationPreferences } from '../components/NotificationPreferences.tsx';
import { SecuritySettings } from '../components/SecuritySettings.tsx';

export default function ProfilePage() {
  usePageTitle('Profile');
  const me = useQuery({ queryKey: ['me'], queryFn: authApi.me });
  if (!me.data) return <PageSpinner />;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Profile Settings</h1>
        <p className="mt-1 text-sm text-slate-600">Manage your personal details, sign-in security, emails and data.</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <PersonalDetails user={me.data} />
          <BillingDetailsForm />
          {me.data.auth_provider === 'password' && <ChangePassword />}
          {me.data.auth_provider === 'password' && <ChangeEmail />}
          <SecuritySettings />
          <NotificationPreferences />
          <ExportData />
          <DangerZone user={me.data} />
        </div>
        <AccountStatistics user={me.data} />
      </div>
    </div>
  );
}

function PersonalDetails({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ name: string; phone: string }>({
    resolver: zodResolver(updateMeRequest),
    values: { name: user.name, phone: user.phone ?? '' },
  });
  const save = useMutation({
    mutationFn: (v: { name: string; phone: string }) => authApi.updateMe(v.name, v.phone),
    onSuccess: (updated) => {
      queryClient.setQueryData(['me'], updated);
      session.setUser(updated);
      toast.success(MSG.profileUpdated);
      setEditing(false);
    },
    onError: (err) =>
      toast.error(err instanceof ApiError && err.status === 401 ? MSG.profilePhoneNeeded : errorText(err, MSG.profileUpdateFailed)),
  });

  return (
    <Card className="p-6">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold text-slate-900">Personal information</h2>
        {!editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
      </div>
      {editing ? (
        <form noValidate onSubmit={handleSubmit((v) => save.mutate(v))} className="mt-5 space-y-4">
          <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
          <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
          {/* A term and its descriptions belong in a list of them, in the form too. */}
          <dl>
            <EmailRow email={user.email} verified={user.is_verified} google={user.auth_provider !== 'password'} />
          </dl>
          <div className="flex gap-3">
            <Button type="submit" loading={save.isPending}>
              Save changes
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                reset();
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <dl className="mt-5 grid gap-4 sm:grid-cols-2">
          <Item label="Full name" value={user.name} />
          <Item label="Phone" value={user.phone ?? '—'} />
          <EmailRow email={user.email} verified={user.is_verified} google={user.auth_provider !== 'password'} />
        </dl>
      )}
    </Card>
  );
}

/** A term and its descriptions, so the list stays a valid <dl>. */
function EmailRow({ email, verified, google }: { email: string; verified: boolean; google: boolean }) {
  return (
    <div className="sm:col-span-2">
      <dt className="text-sm font-medium text-slate-700">Email</dt>
      <dd className="mt-1 flex flex-wrap items-center gap-2 text-slate-900">
        {/* A long address wraps instead of widening the page on a phone. */}
        <span className="min-w-0 break-all">{email}</span>
        {verified && <Badge tone="success">✓ Verified</Badge>}
      </dd>
      <dd className="mt-1 text-xs text-slate-500">{google ? 'It comes from your Google account.' : 'Change it under Change email.'}</dd>
    </div>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-slate-900">{value}</dd>
    </div>
  );
}

function ChangePassword() {
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  return (
    <Card className="p-6">
      <button
        type="button"
        className="flex w-full items-center justify-between text-left"
        aria-expanded={open}
        aria-controls="change-password"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="text-lg font-semibold text-slate-900">Change password</span>
        <svg
          viewBox="0 0 20 20"
          className={`size-5 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
          fill="currentColor"
          aria-hidden="true"
        >
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
        </svg>
      </button>
      {open && (
        <form
          id="change-password"
          noValidate
          className="mt-5 space-y-4"
          onSubmit={handleSubmit(async (v) => {
            try {
              await authApi.changePassword(v.current_password, v.new_password);
              toast.success(MSG.passwordChanged);
              reset();
              setOpen(false);
            } catch (err) {
              toast.error(errorText(err, MSG.passwordChangeFailed));
            }
          })}
        >
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            error={errors.current_password?.message}
            {...register('current_password')}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            error={errors.new_password?.message}
            {...register('new_password')}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            error={errors.confirm_password?.message}
            {...register('confirm_password')}
          />
          <Button type="submit" loading={isSubmitting}>
            Update password
          </Button>
        </form>
      )}
    </Card>
  );
}

function AccountStatistics({ user }: { user: User }) {
  return (
    <Card className="h-fit p-6">
      <h2 className="text-lg font-semibold text-slate-900">Account Statistics</h2>
      <dl className="mt-5 space-y-4">
        <div className="flex items-center justify-between">
          <dt className="text-sm text-slate-500">Reports generated</dt>
          <dd className="text-lg font-semibold text-slate-900" data-testid="reports-generated">
            {user.reports_generated}
          </dd>
        </div>
        <div className="flex items-center justify-between">
          <dt className="text-sm text-slate-500">Account status</dt>
          <dd>{user.is_verified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Pending</Badge>}</dd>
        </div>
        <div className="flex items-center justify-between">
          <dt className="text-sm text-slate-500">Member since</dt>
          <dd className="text-sm text-slate-900">{formatDate(user.created_at)}</dd>
        </div>
        <div className="flex items-center justify-between">
          <dt className="text-sm text-slate-500">Last login</dt>
          <dd className="text-sm text-slate-900">{formatDate(user.last_login)}</dd>
        </div>
      </dl>
    </Card>
  );
}
