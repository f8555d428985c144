import { MSG } from '@assay/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { errorText } from '../../../lib/api.ts';
import { useSiteConfig } from '../../../lib/site.ts';
import { authApi } from '../api/auth-api.ts';
import { useSignedIn } from '../hooks.ts';

interface GoogleId {
  accounts: {
    id: {
      initialize(o: { client_id: string; callback: (r: { credential?: string }) => void; ux_mode?: string }): void;
      renderButton(el: HTMLElement, o: Record<string, unknown>): void;
    };
  };
}
declare global {
  interface Window {
    google?: GoogleId;
  }
}

const SCRIPT = 'https://accounts.google.com/gsi/client';

function loadScript(): Promise<GoogleId> {
  if (window.google) return Promise.resolve(window.google);
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = SCRIPT;
    s.async = true;
    s.onload = () => (window.google ? resolve(window.google) : reject(new Error('no google')));
    s.onerror = () => reject(new Error('script failed'));
    document.head.appendChild(s);
  });
}

/** 'Continue with Google'. Without a configured client id it explains that email login works. */
export function GoogleButton({ returnTo }: { returnTo: string }) {
  const { google_client_id } = useSiteConfig();
  const container = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const signedIn = useSignedIn();
  const navigate = useNavigate();

  useEffect(() => {
    if (!google_client_id) return;
    let cancelled = false;
    loadScript()
      .then((g) => {
        if (cancelled || !container.current) return;
        g.accounts.id.initialize({
          client_id: google_client_id,
          callback: async ({ credential }) => {
            if (!credential) return toast.error(MSG.googleCancelled);
            try {
              const res = await authApi.google(credential);
              if ('second_factor_required' in res) {
                // The account has an authenticator too: its code step is on the sign-in page.
                navigate('/login', { state: { challenge: res.challenge, methods: res.methods, from: { pathname: returnTo } } });
              } else if ('profile_incomplete' in res) {
                navigate('/profile-completion', { state: { user: res.user, profile_token: res.profile_token, from: returnTo } });
              } else {
                signedIn(res, returnTo, MSG.welcome);
              }
            } catch (err) {
              toast.error(errorText(err, MSG.googleFailed));
            }
          },
        });
        g.accounts.id.renderButton(container.current, { theme: 'outline', size: 'large', width: 320, text: 'continue_with' });
        setReady(true);
      })
      .catch(() => !cancelled && toast.error(MSG.googleError));
    return () => {
      cancelled = true;
    };
  }, [google_client_id, navigate, returnTo, signedIn]);

  if (google_client_id) return <div ref={container} className="flex min-h-11 justify-center" aria-busy={!ready} />;
  return (
    <button
      type="button"
      onClick={() => toast.error(MSG.googleUnavailable)}
      className="flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
    >
      <svg viewBox="0 0 48 48" className="size-5" aria-hidden="true">
        <path
          fill="#FFC107"
          d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
        />
        <path
          fill="#FF3D00"
          d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
        />
        <path
          fill="#4CAF50"
          d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
        />
        <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
      </svg>
      Continue with Google
    </button>
  );
}
