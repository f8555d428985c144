import { MAX_TOKEN_ADJUSTMENT, TOKEN_ADJUSTMENT_MESSAGES, type AdminUser, type TokenAdjustment } from '@assay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Banner } from '../../../components/ui/Banner.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { SelectField, TextField } from '../../../components/ui/Field.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { errorText } from '../../../lib/api.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { adjustTokens } from '../api/token-adjustments.ts';
import { adminKeys } from '../api/keys.ts';
import { formatCount } from '../lib/format.ts';

type Direction = 'grant' | 'deduct';
interface Errors {
  amount?: string;
  reason?: string;
}

/** The form's fields as the request, or what is wrong with them (the server checks the same). */
function validate(direction: Direction, amountText: string, reasonText: string): { body?: TokenAdjustment; errors: Errors } {
  const errors: Errors = {};
  const n = /^\d+$/.test(amountText.trim()) ? Number(amountText.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n === 0) errors.amount = 'Enter a whole number above zero';
  else if (n > MAX_TOKEN_ADJUSTMENT) errors.amount = TOKEN_ADJUSTMENT_MESSAGES.amountTooLarge;
  const reason = reasonText.trim();
  if (!reason) errors.reason = TOKEN_ADJUSTMENT_MESSAGES.reasonRequired;
  else if (reason.length > 300) errors.reason = TOKEN_ADJUSTMENT_MESSAGES.reasonTooLong;
  if (errors.amount || errors.reason) return { errors };
  return { body: { amount: direction === 'grant' ? n : -n, reason }, errors };
}

/**
 * An operator's manual token grant or deduction for one member, with the reason the member reads
 * in their token history. Asks for confirmation first; the server writes the audit log.
 */
export function TokenAdjustmentForm({ user }: { user: Pick<AdminUser, 'id' | 'name' | 'available_tokens'> }) {
  const queryClient = useQueryClient();
  const [direction, setDirection] = useState<Direction>('grant');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  // The adjustment under review, with the key every try of it is sent with (made once).
  const [pending, setPending] = useState<{ body: TokenAdjustment; key: string }>();
  const [balance, setBalance] = useState(user.available_tokens);

  const save = useMutation({
    mutationFn: ({ body, key }: { body: TokenAdjustment; key: string }) => adjustTokens(user.id, body, key),
    onSuccess: (res) => {
      setPending(undefined);
      setAmount('');
      setReason('');
      setBalance(res.available_tokens);
      toast.success(
        `${res.amount > 0 ? 'Granted' : 'Deducted'} ${formatCount(Math.abs(res.amount))} tokens. New balance: ${formatCount(res.available_tokens)}`,
      );
      // The users list shows the balance.
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'users'] });
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(direction, amount, reason);
    setErrors(checked.errors);
    if (checked.body) {
      save.reset();
      setPending({ body: checked.body, key: newIdempotencyKey() });
    }
  };

  const grant = (pending?.body.amount ?? 0) > 0;
  return (
    <section aria-labelledby={`adjust-${user.id}`}>
      <h4 id={`adjust-${user.id}`} className="text-sm font-semibold text-slate-900">
        Grant or deduct tokens
      </h4>
      <p className="mt-0.5 text-xs text-slate-500">
        Balance:{' '}
        <span className="font-medium tabular-nums text-slate-700" data-testid="adjust-balance">
          {formatCount(balance)}
        </span>{' '}
        tokens. The member sees the reason in their token history; the audit log records who did it.
      </p>
      <form
        noValidate
        onSubmit={onSubmit}
        className="mt-3 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[10rem_10rem_1fr_auto] sm:items-start"
      >
        <SelectField label="Action" value={direction} onChange={(e) => setDirection(e.target.value as Direction)}>
          <option value="grant">Grant</option>
          <option value="deduct">Deduct</option>
        </SelectField>
        <TextField
          label="Tokens"
          inputMode="numeric"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount}
          autoComplete="off"
        />
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
          maxLength={300}
          placeholder="e.g. Goodwill for the outage on 12 Nov"
        />
        <Button type="submit" variant="outline" className="sm:mt-6.5">
          Review
        </Button>
      </form>
      <Modal
        open={pending !== undefined}
        onClose={() => !save.isPending && setPending(undefined)}
        title={grant ? 'Grant tokens?' : 'Deduct tokens?'}
        size="sm"
        dismissible={!save.isPending}
      >
        {pending && (
          <div className="space-y-4 text-sm text-slate-700">
            <p>
              {grant ? 'Grant' : 'Deduct'} <strong className="tabular-nums">{formatCount(Math.abs(pending.body.amount))}</strong> tokens{' '}
              {grant ? 'to' : 'from'} <strong>{user.name}</strong>?
            </p>
            <p>
              Reason shown to the member: <q className="break-words">{pending.body.reason}</q>
            </p>
            {save.isError && <Banner tone="error">{errorText(save.error)}</Banner>}
            <div className="flex justify-end gap-2">
              <Button variant="ghost" onClick={() => setPending(undefined)} disabled={save.isPending}>
                Cancel
              </Button>
              <Button variant={grant ? 'primary' : 'danger'} loading={save.isPending} onClick={() => save.mutate(pending)}>
                {grant ? 'Grant tokens' : 'Deduct tokens'}
              </Button>
            </div>
          </div>
        )}
      </Modal>
    </section>
  );
}
