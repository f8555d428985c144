import { MSG, passkeyNameField } from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/Field.tsx';
import { PasskeyRow } from '../../../components/ui/PasskeyRow.tsx';
import { ApiError, errorText } from '../../../lib/api.ts';
import { createPasskey, passkeyBrowserError, passkeysSupported } from '../../auth/index.ts';
import { adminKeys } from '../api/keys.ts';
import {
  addOperatorPasskey,
  fetchOperatorPasskeys,
  operatorPasskeyOptions,
  removeOperatorPasskey,
  renameOperatorPasskey,
} from '../api/passkeys.ts';
import { adminCredentials } from '../lib/credentials.ts';

/**
 * Your passkeys (decision 228): the signed-in operator's own, a second factor like the
 * authenticator app — once one is added, signing in asks for it (or the app's code). Adding needs
 * no password again: it travels with every operator call.
 */
export function OperatorPasskeys() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: adminKeys.passkeys(), queryFn: fetchOperatorPasskeys });
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('Security key');
  const [error, setError] = useState<string | undefined>();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.passkeys() });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'activity'] });
  };
  const add = useMutation({
    mutationFn: async () => {
      const authorization = adminCredentials.get()?.authorization;
      if (!authorization) throw new ApiError(401, MSG.adminAuthRequired);
      const { options } = await operatorPasskeyOptions(authorization);
      return addOperatorPasskey(authorization, name, await createPasskey(options));
    },
    onSuccess: (p) => {
      toast.success(`Passkey “${p.name}” added. Signing in now asks for a passkey or your app’s code.`);
      setAdding(false);
      refresh();
    },
    onError: (err) => toast.error(passkeyBrowserError(err) ?? errorText(err, MSG.passkeyFailed)),
  });
  const passkeys = list.data?.passkeys;

  return (
    <section aria-labelledby="operator-passkeys-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="operator-passkeys-title" className="text-base font-semibold text-slate-900">
          Your passkeys
        </h3>
        {!adding && passkeysSupported() && (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            Add a passkey
          </Button>
        )}
      </div>
      <p className="text-sm text-slate-600">
        A passkey (a security key, or your computer’s or phone’s screen lock) is a second factor for your operator account: after the
        password, sign-in asks for it or a code from your authenticator app.
      </p>
      {passkeys ? (
        passkeys.length > 0 && (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="operator-passkey-list">
            {passkeys.map((p) => (
              <PasskeyRow
                key={p.id}
                passkey={p}
                onChanged={refresh}
                rename={(n) => renameOperatorPasskey(p.id, n)}
                remove={() => removeOperatorPasskey(p.id)}
              />
            ))}
          </ul>
        )
      ) : (
        <p className="text-sm text-slate-600">
          {list.isError ? errorText(list.error, 'Couldn’t load your passkeys.') : 'Loading passkeys…'}
        </p>
      )}
      {!passkeysSupported() && <p className="text-sm text-slate-600">This browser cannot use passkeys.</p>}
      {adding && (
        <form
          noValidate
          aria-label="Add a passkey"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            const named = passkeyNameField.safeParse(name);
            setError(named.error?.issues[0]?.message);
            if (named.success) add.mutate();
          }}
        >
          <div className="min-w-0 flex-1">
            <TextField
              label="Name"
              hint="So you can tell your passkeys apart."
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={error}
              maxLength={60}
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit" loading={add.isPending}>
              Create passkey
            </Button>
            <Button variant="ghost" onClick={() => setAdding(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
