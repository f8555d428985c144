import { formatDayTime, MSG, passkeyNameField, type PasskeyView } from '@assay/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorText } from '../../lib/api.ts';
import { Badge } from './Badge.tsx';
import { Button } from './Button.tsx';
import { TextField } from './Field.tsx';

/**
 * One passkey in a list, renamed or removed in place: members' (Profile → Security, decision 193)
 * and operators' (the panel, decision 228) alike; the caller says which endpoint does it.
 */
export function PasskeyRow({
  passkey,
  onChanged,
  rename: renameIt,
  remove: removeIt,
}: {
  passkey: PasskeyView;
  onChanged: () => void;
  rename: (name: string) => Promise<unknown>;
  remove: () => Promise<{ message: string }>;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();
  const rename = useMutation({
    mutationFn: () => renameIt(name),
    onSuccess: () => {
      setEditing(false);
      onChanged();
    },
    onError: (err) => setError(errorText(err, MSG.passkeyNameRequired)),
  });
  const remove = useMutation({
    mutationFn: removeIt,
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
              <path
                fillRule="evenodd"
                d="M8 7a5 5 0 1 1 3.61 4.804l-1.903 1.903A1 1 0 0 1 9 14H8v1a1 1 0 0 1-1 1H6v1a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1v-2a1 1 0 0 1 .293-.707L8.196 8.39A5.002 5.002 0 0 1 8 7Zm5-3a.75.75 0 0 0 0 1.5A1.5 1.5 0 0 1 14.5 7 .75.75 0 0 0 16 7a3 3 0 0 0-3-3Z"
                clipRule="evenodd"
              />
            </svg>
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 break-words text-sm font-medium text-slate-900">
                {passkey.name}
                {passkey.synced && <Badge>Synced</Badge>}
              </p>
              <p className="mt-0.5 text-xs text-slate-600">
                Added {formatDayTime(passkey.created_at)} ·{' '}
                {passkey.last_used_at ? `Last used ${formatDayTime(passkey.last_used_at)}` : 'Not used yet'}
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
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setName(passkey.name);
                  setError(undefined);
                  setEditing(true);
                }}
                aria-label={`Rename ${passkey.name}`}
              >
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
