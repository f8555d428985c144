import { operatorCreateRequest, type OperatorCreateRequest } from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { PasswordField, TextField } from '../../../components/ui/Field.tsx';
import { errorText } from '../../../lib/api.ts';
import { createOperator, fetchOperators } from '../api/operators.ts';
import { adminKeys } from '../api/keys.ts';
import { formatDateTime } from '../lib/format.ts';

/**
 * The operator accounts (decision 190): each person has their own, so the activity below names
 * who did what. Any operator can add one; the bootstrap account from the environment stays.
 */
export function OperatorsSection() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: adminKeys.operators(), queryFn: fetchOperators });
  const [adding, setAdding] = useState(false);
  const form = useForm<OperatorCreateRequest>({ resolver: zodResolver(operatorCreateRequest), defaultValues: { username: '', password: '' } });
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
        <ul className="flex flex-wrap gap-2" aria-label="Operator accounts">
          {list.data.operators.map((o) => (
            <li key={o.id} className="rounded-lg bg-slate-100 px-3 py-1.5 text-sm text-slate-800">
              <span className="font-medium">{o.username}</span>
              <span className="text-xs text-slate-600"> · last sign-in {o.last_login_at ? formatDateTime(o.last_login_at) : 'never'}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{list.isError ? 'Couldn’t load the operators.' : 'Loading operators…'}</p>
      )}
      {adding && (
        <form noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start" onSubmit={form.handleSubmit((v) => add.mutate(v))}>
          <TextField label="Username" autoComplete="off" error={form.formState.errors.username?.message} {...form.register('username')} />
          <PasswordField label="Their password" autoComplete="new-password" error={form.formState.errors.password?.message} {...form.register('password')} />
          <div className="flex gap-2 sm:pt-6">
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
