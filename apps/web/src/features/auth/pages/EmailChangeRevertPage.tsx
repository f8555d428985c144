import { MSG } from '@assay/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/Banner.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { errorText } from '../../../lib/api.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { authApi } from '../api/auth-api.ts';
import { AuthCard } from '../components/AuthCard.tsx';

/**
 * "This wasn't me", from the notice sent to the old address of an e-mail change (decision 190).
 * The key is in the fragment (never sent to a server log); nothing happens until the button is
 * pressed, so a mail scanner opening the link changes nothing.
 */
export default function EmailChangeRevertPage() {
  usePageTitle('Undo an email change');
  const [key, setKey] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    // Read in an effect: the page is server-drawn without the fragment.
    setKey(new URLSearchParams(window.location.hash.slice(1)).get('key'));
  }, []);
  const revert = useMutation({ mutationFn: () => authApi.revertEmailChange(key!) });

  return (
    <AuthCard title="Undo an email change" subtitle="If you did not change your account’s email address, undo it here.">
      {revert.isSuccess ? (
        <div className="space-y-4">
          <Banner tone="success">{revert.data.message}</Banner>
          <Link to="/forgot-password" className="block text-center font-medium text-brand-700 hover:underline">
            Set a new password
          </Link>
        </div>
      ) : key === null ? (
        <Banner tone="error">{MSG.emailChangeRevertInvalid}</Banner>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            This puts your old email address back, signs every device out, and locks the account until you set a new password with a code
            sent to your old address. A second factor added since the change is removed.
          </p>
          {revert.isError && <Banner tone="error">{errorText(revert.error, MSG.emailChangeRevertInvalid)}</Banner>}
          <Button className="w-full" variant="danger" loading={revert.isPending} disabled={!key} onClick={() => revert.mutate()}>
            This wasn’t me: undo it and lock my account
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
