import { operatorCreateRequest, type OperatorCreateRequest, type OperatorSummary } from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { PasswordField, TextField } from '../../../components/ui/Field.tsx';
import { errorText } from '../../../lib/api.ts';
import { createOperator, fetchOperators, removeOperator, updateOperator } from '../api/operators.ts';
import { adminKeys } from '../api/keys.ts';
import { formatDateTime } from '../lib/format.ts';

/**
 * The operator accounts (decision 190): each person has their own, so the activity below names
 * who did what. Any operator can add one, give one a public name (shown on posts they write,
 * decision 208), set one's password or remove one; the bootstrap account from the environment stays.
 */
export function OperatorsSection() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: adminKeys.operators(), queryFn: fetchOperators });
  const [adding, setAdding] = useState(false);
  const form = useForm<OperatorCreateRequest>({
    resolver: zodResolver(operatorCreateRequest),
    defaultValues: { username: '', password: '', display_name: undefined },
  });
  const add = useMutation({
    mutationFn: createOperator,
    onSuccess: (op) => {
      toast.success(`Operator ${op.username} created. Give them their password in person or by another safe channel.`);
      form.reset();
      setAdding(false);
      void queryClient.invalidateQueries({ queryKey: adminKeys.operators() });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'activity'] });
    },
    onError: (err) => toast.error(errorText(err, 'Could not create the operator.')),
  });

  return (
    <section aria-labelledby="operators-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="operators-title" className="text-base font-semibold text-slate-900">
          Operators
        </h3>
        {!adding && (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            Add operator
          </Button>
        )}
      </div>
      {list.data ? (
        <ul className="divide-y divide-slate-100" aria-label="Operator accounts">
          {list.data.operators.map((o) => (
            <OperatorRow key={o.id} operator={o} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{list.isError ? 'Couldn’t load the operators.' : 'Loading operators…'}</p>
      )}
      {adding && (
        <form noValidate className="grid gap-3 sm:grid-cols-3 sm:items-start" onSubmit={form.handleSubmit((v) => add.mutate(v))}>
          <TextField label="Username" autoComplete="off" error={form.formState.errors.username?.message} {...form.register('username')} />
          <PasswordField
            label="Their password"
            autoComplete="new-password"
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
          <TextField
            label="Public name (optional)"
            hint="Shown on posts they write"
            autoComplete="off"
            error={form.formState.errors.display_name?.message}
            {...form.register('display_name', { setValueAs: (v: string) => (v.trim() ? v : undefined) })}
          />
          <div className="flex gap-2 sm:col-span-3">
            <Button type="submit" loading={add.isPending}>
              Create
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

/** One account: who it is, and (opened) its public name, a new password, or its removal. */
function OperatorRow({ operator: o }: { operator: OperatorSummary }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(o.display_name ?? '');
  const [password, setPassword] = useState('');
  const done = (message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: adminKeys.operators() });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'activity'] });
  };
  const update = useMutation({
    mutationFn: (body: { display_name?: string; password?: string }) => updateOperator(o.id, body),
    onSuccess: (_, body) => {
      setPassword('');
      done(body.password ? `New password set for ${o.username}: their other sign-ins end now.` : `Public name of ${o.username} saved.`);
    },
    onError: (err) => toast.error(errorText(err, 'Could not save the change.')),
  });
  const remove = useMutation({
    mutationFn: () => removeOperator(o.id),
    onSuccess: (r) => done(r.message),
    onError: (err) => {
      setConfirming(false);
      toast.error(errorText(err, 'Could not remove the operator.'));
    },
  });
  const panel = `operator-${o.id}`;
  return (
    <li className="py-2 text-sm text-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          <span className="font-medium">{o.username}</span>
          <span className="text-slate-600"> · {o.display_name ? `shown as “${o.display_name}”` : 'no public name'}</span>
          <span className="text-xs text-slate-600"> · last sign-in {o.last_login_at ? formatDateTime(o.last_login_at) : 'never'}</span>
        </p>
        <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
          {open ? 'Close' : 'Manage'}
          <span className="sr-only"> {o.username}</span>
        </Button>
      </div>
      {open && (
        <div id={panel} className="mt-2 grid gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-2">
          <form
            noValidate
            className="flex flex-col gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              update.mutate({ display_name: name });
            }}
          >
            <TextField
              label={`Public name of ${o.username}`}
              hint="Shown on posts they write"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <Button
              type="submit"
              size="sm"
              variant="outline"
              className="self-start"
              loading={update.isPending && update.variables?.display_name !== undefined}
            >
              Save name
            </Button>
          </form>
          <form
            noValidate
            className="flex flex-col gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              update.mutate({ password });
            }}
          >
            <PasswordField
              label={`New password for ${o.username}`}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button
              type="submit"
              size="sm"
              variant="outline"
              className="self-start"
              loading={update.isPending && update.variables?.password !== undefined}
            >
              Set password
            </Button>
          </form>
          <div className="sm:col-span-2">
            {confirming ? (
              <div role="group" aria-label={`Remove ${o.username}?`} className="flex flex-wrap items-center gap-2">
                <p>Remove {o.username}? They can no longer sign in; the activity log keeps their name.</p>
                <Button size="sm" variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
                  Remove {o.username}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                  Keep
                </Button>
              </div>
            ) : (
              <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
                Remove operator…
              </Button>
            )}
          </div>
        </div>
      )}
    </li>
  );
}
