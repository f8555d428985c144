import { formatDayTime, MSG, passkeyNameField, type PasskeyView } from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { PasswordField, TextField } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { errorText } from '../../../lib/api.ts';
import { authApi, createPasskey, passkeyBrowserError, passkeysSupported } from '../../auth/index.ts';
import { securityKeys } from '../api/keys.ts';

/** A name the member will recognise in the list, guessed from this browser. */
function suggestedName() {
  const ua = navigator.userAgent;
  const os = /iPhone|iPad/.test(ua) ? 'iPhone' : /Android/.test(ua) ? 'Android phone' : /Mac OS X/.test(ua) ? 'Mac' : /Windows/.test(ua) ? 'Windows PC' : /Linux/.test(ua) ? 'Linux computer' : 'This device';
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
                <PasskeyRow key={p.id} passkey={p} onChanged={refresh} />
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
      <TextField label="Name" hint="So you can tell your passkeys apart." value={name} onChange={(e) => setName(e.target.value)} error={error.name} maxLength={60} />
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

function PasskeyRow({ passkey, onChanged }: { passkey: PasskeyView; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();
  const rename = useMutation({
    mutationFn: () => authApi.passkeyRename(passkey.id, name),
    onSuccess: () => {
      setEditing(false);
      onChanged();
    },
    onError: (err) => setError(errorText(err, MSG.passkeyNameRequired)),
  });
  const remove = useMutation({
    mutationFn: () => authApi.passkeyRemove(passkey.id),
    onSuccess: (r) => {
      toast.success(r.message);
      onChanged();
    },
    onError: (err) => toast.error(errorText(err, 'Could not remove that passkey.')),
  });
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      {editing ? (
        <form
          noValidate
          className="flex w-full flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            const named = passkeyNameField.safeParse(name);
            if (!named.success) return setError(named.error.issues[0]?.message);
            rename.mutate();
          }}
        >
          <div className="min-w-0 flex-1">
            <TextField label="Passkey name" value={name} onChange={(e) => setName(e.target.value)} error={error} maxLength={60} autoFocus />
          </div>
          <div className="flex gap-2">
            <Button type="submit" size="sm" loading={rename.isPending}>
              Save
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div className="flex min-w-0 items-start gap-3">
            <svg viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true">
              <path fillRule="evenodd" d="M8 7a5 5 0 1 1 3.61 4.804l-1.903 1.903A1 1 0 0 1 9 14H8v1a1 1 0 0 1-1 1H6v1a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1v-2a1 1 0 0 1 .293-.707L8.196 8.39A5.002 5.002 0 0 1 8 7Zm5-3a.75.75 0 0 0 0 1.5A1.5 1.5 0 0 1 14.5 7 .75.75 0 0 0 16 7a3 3 0 0 0-3-3Z" clipRule="evenodd" />
            </svg>
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 break-words text-sm font-medium text-slate-900">
                {passkey.name}
                {passkey.synced && <Badge>Synced</Badge>}
              </p>
              <p className="mt-0.5 text-xs text-slate-600">
                Added {formatDayTime(passkey.created_at)} · {passkey.last_used_at ? `Last used ${formatDayTime(passkey.last_used_at)}` : 'Not used yet'}
              </p>
            </div>
          </div>
          {confirming ? (
            <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Remove ${passkey.name}?`}>
              <span className="text-sm text-slate-700">Remove it?</span>
              <Button variant="danger" size="sm" loading={remove.isPending} onClick={() => remove.mutate()}>
                Remove
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </div>
          ) : (
            <div className="flex gap-2 self-start sm:self-center">
              <Button variant="ghost" size="sm" onClick={() => { setName(passkey.name); setError(undefined); setEditing(true); }} aria-label={`Rename ${passkey.name}`}>
                Rename
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} aria-label={`Remove ${passkey.name}`}>
                Remove
              </Button>
            </div>
          )}
        </>
      )}
    </li>
  );
}
