import { adminLoginForm, MSG, PRODUCT_NAME, type AdminLoginForm } from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Banner } from '../../../components/ui/Banner.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { PasswordField, TextField } from '../../../components/ui/Field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { adminLogin } from '../api/login.ts';
import { adminCredentials } from '../lib/credentials.ts';
import { BrandMark } from './BrandMark.tsx';

/** "about 14 minutes", "about a minute", "40 seconds": how long the server's Retry-After says to wait. */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'about a minute' : `about ${minutes} minutes`;
}

/** The server's lock-out detail with how long to wait in place of its "try again later". */
function lockoutText(detail: string, retryAfterSeconds: number | undefined): string {
  if (!retryAfterSeconds) return detail;
  return `${detail.replace(/\s*Please try again later\.?$/, '')} Try again in ${waitText(retryAfterSeconds)}.`;
}

/** The banner adds the way back that needs the server itself (decision 163). */
const UNLOCK_HINT = 'Whoever runs the server can unlock the account now with: npm run operator -- unlock <username>.';

/** The operator sign-in (docs/product.md §2): the credentials are checked, then kept for this tab. */
export function AdminLogin() {
  const [lockout, setLockout] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AdminLoginForm>({ resolver: zodResolver(adminLoginForm), defaultValues: { username: '', password: '' } });

  const onSubmit = handleSubmit(async ({ username, password }) => {
    setLockout(null);
    try {
      await adminLogin(username.trim(), password);
      adminCredentials.save(username.trim(), password);
      toast.success(MSG.adminLoginSuccess);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        toast.error(MSG.adminInvalidCredentials);
      } else if (err instanceof ApiError && err.status === 429) {
        const text = lockoutText(err.detail ?? MSG.adminLockedOut, err.retryAfterSeconds);
        setLockout(`${text} ${UNLOCK_HINT}`);
        toast.error(text);
      } else {
        toast.error(MSG.adminLoginFailed);
      }
    }
  });

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center text-center">
          <BrandMark />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Operator panel</h1>
          <p className="mt-1 text-sm text-slate-600">Sign in with your {PRODUCT_NAME} operator account.</p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Operator sign in">
            {lockout && <Banner tone="error">{lockout}</Banner>}
            <TextField
              label="Username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              error={errors.username?.message}
              {...register('username')}
            />
            <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
            <Button type="submit" className="w-full" loading={isSubmitting}>
              Sign in
            </Button>
          </form>
        </div>
        <p className="mt-6 text-center text-xs text-slate-600">Your session ends when you close this tab or log out.</p>
      </div>
    </main>
  );
}
