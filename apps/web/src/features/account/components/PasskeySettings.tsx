import { MSG, passkeyNameField } from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/Badge.tsx';
import { PasskeyRow } from '../../../components/ui/PasskeyRow.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { PasswordField, TextField } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { errorText } from '../../../lib/api.ts';
import { authApi, createPasskey, passkeyBrowserError, passkeysSupported } from '../../auth/index.ts';
import { securityKeys } from '../api/keys.ts';

/** A name the member will recognise in the list, guessed from this browser. */
function suggestedName() {
  const ua = navigator.userAgent;
  const os = /iPhone|iPad/.test(ua)
    ? 'iPhone'
    : /Android/.test(ua)
      ? 'Android phone'
      : /Mac OS X/.test(ua)
        ? 'Mac'
        : /Windows/.test(ua)
          ? 'Windows PC'
          : /Linux/.test(ua)
            ? 'Linux computer'
            : 'This device';
  return `Passkey on ${os}`;
}

/**
 * Profile → Security → Passkeys (decision 193): sign in with the phone's or computer's own lock
 * (fingerprint, face, PIN) instead of the password, or use it at the code step. Adding one asks
 * for the password; renaming and removing are one click each, and both adding and removing are mailed.
 */
export function PasskeySettings() {
  const status = useQuery({ queryKey: securityKeys.status, queryFn: authApi.security });
  const passkeys = useQuery({ queryKey: securityKeys.passkeys, queryFn: authApi.passkeys });
  const [adding, setAdding] = useState(false);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.passkeys });
  const list = passkeys.data?.passkeys;

  return (
    <section aria-labelledby="passkeys-title" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="passkeys-title" className="text-base font-semibold text-slate-900">
          Passkeys
        </h3>
        {list && list.length > 0 && <Badge tone="success">{list.length === 1 ? '1 passkey' : `${list.length} passkeys`}</Badge>}
      </div>
      {!status.data || !list ? (
        passkeys.isError || status.isError ? (
          <p className="text-sm text-red-700">{errorText(passkeys.error ?? status.error, 'Could not load your passkeys.')}</p>
        ) : (
          <Spinner label="Loading passkeys" />
        )
      ) : !status.data.can_use_totp ? (
        <p className="text-sm text-slate-600">{MSG.passkeyGoogleAccount}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Sign in with your phone’s or computer’s screen lock — fingerprint, face or PIN — instead of your password. With two-factor
            sign-in on, a passkey also works instead of the code.
          </p>
          {list.length > 0 && (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="passkey-list">
              {list.map((p) => (
                <PasskeyRow
                  key={p.id}
                  passkey={p}
                  onChanged={refresh}
                  rename={(name) => authApi.passkeyRename(p.id, name)}
                  remove={() => authApi.passkeyRemove(p.id)}
                />
              ))}
            </ul>
          )}
          {adding ? (
            <AddPasskey
              onCancel={() => setAdding(false)}
              onAdded={() => {
                setAdding(false);
                void refresh();
              }}
            />
          ) : passkeysSupported() ? (
            <Button variant="outline" onClick={() => setAdding(true)}>
              Add a passkey
            </Button>
          ) : (
            <p className="text-sm text-slate-600">This browser cannot use passkeys.</p>
          )}
        </>
      )}
    </section>
  );
}

function AddPasskey({ onCancel, onAdded }: { onCancel: () => void; onAdded: () => void }) {
  const [password, setPassword] = useState('');
  const [name, setName] = useState(suggestedName);
  const [error, setError] = useState<{ password?: string; name?: string }>({});
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const add = useMutation({
    mutationFn: async () => {
      const { options } = await authApi.passkeyRegisterOptions(password);
      return authApi.passkeyRegister(name, await createPasskey(options));
    },
    onSuccess: (p) => {
      toast.success(`Passkey “${p.name}” added.`);
      onAdded();
    },
    onError: (err) => {
      const browser = passkeyBrowserError(err);
      if (browser) return void toast.error(browser);
      setError({ password: errorText(err, MSG.wrongCurrentPassword) });
      input.current?.focus();
    },
  });
  return (
    <form
      noValidate
      className="space-y-3"
      aria-label="Add a passkey"
      onSubmit={(e) => {
        e.preventDefault();
        const named = passkeyNameField.safeParse(name);
        const next = { password: password ? undefined : MSG.currentPasswordRequired, name: named.error?.issues[0]?.message };
        setError(next);
        if (!next.password && !next.name) add.mutate();
      }}
    >
      <TextField
        label="Name"
        hint="So you can tell your passkeys apart."
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error.name}
        maxLength={60}
      />
      <PasswordField
        ref={input}
        label="Confirm your password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error.password}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={add.isPending}>
          Create passkey
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
