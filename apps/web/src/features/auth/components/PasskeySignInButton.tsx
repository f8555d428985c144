import { MSG, type SessionResponse } from '@assay/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { errorText } from '../../../lib/api.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { authApi } from '../api/auth-api.ts';
import { passkeyBrowserError, passkeysSupported, signWithPasskey } from '../lib/passkeys.ts';

/**
 * "Sign in with a passkey" (decision 193): no e-mail or password typed; the browser offers the
 * passkeys it holds for this site, and the one chosen (unlocked with fingerprint, face or PIN)
 * opens the account. Hidden where the browser has no WebAuthn.
 */
export function PasskeySignInButton({ remember, onSignedIn }: { remember: () => boolean; onSignedIn: (s: SessionResponse) => void }) {
  const [busy, setBusy] = useState(false);
  // Known only in the browser: absent from a server-drawn page and its hydration (decision 128).
  const hydrated = useHydrated();
  if (!hydrated || !passkeysSupported()) return null;
  const signIn = async () => {
    setBusy(true);
    try {
      const { options } = await authApi.passkeySignInOptions();
      onSignedIn(await authApi.passkeySignIn(await signWithPasskey(options), remember()));
    } catch (err) {
      toast.error(passkeyBrowserError(err) ?? errorText(err, MSG.passkeyFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="outline" className="w-full" loading={busy} onClick={() => void signIn()}>
      <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
        <path
          fillRule="evenodd"
          d="M8 7a5 5 0 1 1 3.61 4.804l-1.903 1.903A1 1 0 0 1 9 14H8v1a1 1 0 0 1-1 1H6v1a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1v-2a1 1 0 0 1 .293-.707L8.196 8.39A5.002 5.002 0 0 1 8 7Zm5-3a.75.75 0 0 0 0 1.5A1.5 1.5 0 0 1 14.5 7 .75.75 0 0 0 16 7a3 3 0 0 0-3-3Z"
          clipRule="evenodd"
        />
      </svg>
      Sign in with a passkey
    </Button>
  );
}
