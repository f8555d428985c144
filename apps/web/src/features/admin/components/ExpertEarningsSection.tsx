import { formatDayTime, formatTokens, type ExpertEarningsRow } from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { SelectField, TextField } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { errorText } from '../../../lib/api.ts';
import { adminKeys } from '../api/keys.ts';
import { downloadEarningsCsv, expertEarningsQuery, recordPayout } from '../api/expert-earnings.ts';
import { DateInput, DownloadIcon } from './Shared.tsx';

const utcToday = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${utcToday().slice(0, 8)}01`;
const tokens = (n: number) => `${formatTokens(n)} tokens`;

/**
 * What the provider owes its experts (decision 234): per expert, the tokens owed for delivered
 * reviews not yet paid and those paid; the payout CSV of a period; and recording a payout — every
 * review delivered up to a day, once (recording it again changes nothing). Days are UTC.
 */
export function ExpertEarningsSection() {
  const id = useId();
  const earnings = useQuery(expertEarningsQuery());
  const rows = earnings.data?.experts ?? [];
  return (
    <section
      aria-labelledby={`${id}-h`}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      data-testid="expert-earnings"
    >
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        Expert earnings
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Each delivered review earns the expert the fee recorded when it was offered. Days are UTC.
      </p>
      <ExportForm experts={rows} />
      {earnings.isPending && (
        <div role="status" className="py-4">
          <Spinner /> <span className="sr-only">Loading the earnings</span>
        </div>
      )}
      {earnings.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorText(earnings.error)}
        </p>
      )}
      {earnings.isSuccess && !rows.length && <p className="mt-4 text-sm text-slate-600">No experts yet.</p>}
      <ul className="mt-4 divide-y divide-slate-200" aria-label="Earnings by expert">
        {rows.map((r) => (
          <EarningsRow key={r.expert_id} row={r} />
        ))}
      </ul>
    </section>
  );
}

function EarningsRow({ row }: { row: ExpertEarningsRow }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [through, setThrough] = useState(utcToday);
  const [reference, setReference] = useState('');
  const pay = useMutation({
    mutationFn: () => recordPayout(row.expert_id, { through, reference }),
    onSuccess: (r) => {
      toast.success(
        r.created
          ? `Payout of ${tokens(r.payout.tokens)} to ${row.name} recorded`
          : `This payout was already recorded (${tokens(r.payout.tokens)}, ${r.payout.through}): nothing changed`,
      );
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: adminKeys.experts() });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    pay.mutate();
  };
  return (
    <li className="py-3" data-testid="earnings-row">
      <div className="flex flex-col gap-2 lg:flex-row lg:items-center lg:justify-between">
        <div className="min-w-0 text-sm [overflow-wrap:anywhere]">
          <p className="font-medium text-slate-900">
            {row.name}{' '}
            <span className="font-normal text-slate-600">
              · RTTP {row.rttp_number} · {row.email}
            </span>
          </p>
          <p className="text-slate-700">
            Owed{' '}
            <span className="font-semibold tabular-nums text-slate-900" data-testid="owed">
              {tokens(row.owed_tokens)}
            </span>{' '}
            for {row.owed_reviews} review{row.owed_reviews === 1 ? '' : 's'}
            {' · '}paid <span className="tabular-nums">{tokens(row.paid_tokens)}</span>
            {row.last_paid_at ? ` · last payout ${formatDayTime(row.last_paid_at)}` : ''}
          </p>
        </div>
        {row.owed_tokens > 0 && !open && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              pay.reset();
              setOpen(true);
            }}
            aria-label={`Record a payout to ${row.name}`}
          >
            Record a payout
          </Button>
        )}
      </div>
      {open && (
        <form
          onSubmit={submit}
          noValidate
          className="mt-3 grid gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:grid-cols-[auto_1fr_auto] sm:items-end"
          aria-labelledby={`${id}-p`}
        >
          <p id={`${id}-p`} className="text-sm text-slate-800 sm:col-span-3">
            Record that {row.name} was paid for every review delivered up to the end of the chosen day (UTC).
          </p>
          <DateInput label="Delivered up to" value={through} max={utcToday()} onChange={setThrough} />
          <TextField
            label="Payment reference (optional)"
            value={reference}
            maxLength={200}
            onChange={(e) => setReference(e.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" loading={pay.isPending} disabled={!through}>
              Record the payout
            </Button>
            <Button size="sm" variant="outline" onClick={() => setOpen(false)} disabled={pay.isPending}>
              Cancel
            </Button>
          </div>
          {pay.isError && (
            <p role="alert" className="text-sm text-red-700 sm:col-span-3">
              {errorText(pay.error)}
            </p>
          )}
        </form>
      )}
    </li>
  );
}

function ExportForm({ experts }: { experts: ExpertEarningsRow[] }) {
  const id = useId();
  const [from, setFrom] = useState(monthStart);
  const [to, setTo] = useState(utcToday);
  const [expert, setExpert] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await downloadEarningsCsv({ from, to, expert_id: expert || undefined });
      toast.success('Payout CSV downloaded');
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
      aria-labelledby={`${id}-x`}
    >
      <p id={`${id}-x`} className="w-full text-sm font-medium text-slate-800">
        Payout CSV: every review delivered in the period, owed or paid
      </p>
      <DateInput label="From" value={from} max={to || undefined} onChange={setFrom} />
      <DateInput label="To" value={to} min={from || undefined} onChange={setTo} />
      <div className="sm:w-56">
        <SelectField label="Expert" value={expert} onChange={(e) => setExpert(e.target.value)}>
          <option value="">All experts</option>
          {experts.map((x) => (
            <option key={x.expert_id} value={x.expert_id}>
              {x.name}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" variant="outline" loading={busy} disabled={!from || !to || from > to}>
        {!busy && <DownloadIcon />} Download the payout CSV
      </Button>
    </form>
  );
}
