import { completeProfileForm, MSG, type User } from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/Field.tsx';
import { errorText } from '../../../lib/api.ts';
import { authApi } from '../api/auth-api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { useSignedIn } from '../hooks.ts';
import { usePageTitle } from '../../../lib/page-title.ts';

interface CompletionState {
  user?: User;
  profile_token?: string;
  from?: string;
}

/** For Google sign-ins without a phone number; needs the user passed in navigation state. */
export default function ProfileCompletionPage() {
  usePageTitle('Complete your profile');
  const state = (useLocation().state ?? {}) as CompletionState;
  const signedIn = useSignedIn();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ phone: string }>({ resolver: zodResolver(completeProfileForm), defaultValues: { phone: '' } });

  if (!state.user) return <Navigate to="/login" replace />;
  const { user, profile_token } = state;

  return (
    <AuthCard title="Complete your profile" subtitle="One last step: add a phone number so our team can reach you about your reports.">
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit(async ({ phone }) => {
          if (!user.id || !profile_token) return toast.error(MSG.userInfoMissing);
          try {
            const s = await authApi.completeProfile({ user_id: user.id, phone, profile_token });
            signedIn(s, state.from && state.from !== '/' ? state.from : '/reports', MSG.profileCompleted);
          } catch (err) {
            toast.error(errorText(err, MSG.profileUpdateFailed));
          }
        })}
      >
        <TextField label="Name" value={user.name} readOnly disabled hint="Your name comes from your Google account." />
        <TextField label="Email" value={user.email} readOnly disabled />
        <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        <Button type="submit" className="w-full" loading={isSubmitting}>
          Continue
        </Button>
      </form>
    </AuthCard>
  );
}
