import {
  COUNTRY_CODES,
  formatTokens,
  REVIEW_END_REASON_LABELS,
  REVIEW_NEEDS_EXPERT_LABELS,
  REVIEW_STATE_LABELS,
  REVIEW_STATES,
  TIER_LABELS,
  inviteExpertRequest,
  type ReviewState,
  type ExpertApplicationView,
} from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { SelectField, TextField } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { Stars } from '../../../components/ui/Stars.tsx';
import { errorText } from '../../../lib/api.ts';
import { adminKeys } from '../api/keys.ts';
import { formatDateTime } from '../lib/format.ts';
import { assignReview, cancelReview, expertsQuery, inviteExpert, reviewQueueQuery } from '../api/reviews.ts';
import { ExpertApplications, fieldLabel } from './ExpertApplications.tsx';
import { ExpertEarningsSection } from './ExpertEarningsSection.tsx';

/**
 * Expert Reviews (issue 28): the queue — open requests oldest first, those needing the operator
 * (back after a decline or a lapsed offer, or overdue: decision 227) at the top — where the
 * operator offers a waiting request to an expert with room, or cancels one (its tokens go back to
 * the member); and the experts, with their load, and a form to invite one by e-mail.
 */
export function ReviewsTab() {
  const id = useId();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ReviewState | ''>('');
  const queue = useQuery(reviewQueueQuery(state || undefined));
  const experts = useQuery(expertsQuery());
  const [choice, setChoice] = useState<Record<string, string>>({});
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.reviewLists() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.experts() });
  };
  const assign = useMutation({ mutationFn: (v: { id: string; expert: string }) => assignReview(v.id, v.expert), onSuccess: refresh });
  const cancel = useMutation({ mutationFn: cancelReview, onSuccess: refresh });
  const available = (experts.data?.experts ?? []).filter((e) => e.state === 'active' && !e.paused && e.load < e.capacity);
  const rows = queue.data?.requests ?? [];

  return (
    <div className="space-y-8">
      <section aria-labelledby={`${id}-q`} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h2 id={`${id}-q`} className="text-lg font-semibold text-slate-900">
            Review queue
          </h2>
          <div className="sm:w-56">
            <SelectField label="State" value={state} onChange={(e) => setState(e.target.value as ReviewState | '')}>
              <option value="">All</option>
              {REVIEW_STATES.map((s) => (
                <option key={s} value={s}>
                  {REVIEW_STATE_LABELS[s]}
                </option>
              ))}
            </SelectField>
          </div>
        </div>
        {(assign.isError || cancel.isError) && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {errorText(assign.error ?? cancel.error)}
          </p>
        )}
        {queue.isPending && (
          <div role="status" className="py-6">
            <Spinner /> <span className="sr-only">Loading the queue</span>
          </div>
        )}
        {queue.isError && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {errorText(queue.error)}
          </p>
        )}
        {queue.isSuccess && !rows.length && <p className="mt-4 text-sm text-slate-600">No review requests.</p>}
        <ul className="mt-4 divide-y divide-slate-200" aria-label="Review requests">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-col gap-3 py-3 lg:flex-row lg:items-end lg:justify-between" data-testid="review-row">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{r.report_title}</p>
                <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
                  {TIER_LABELS[r.complexity]} · {formatTokens(r.price)} tokens held · {REVIEW_STATE_LABELS[r.state]}
                  {r.expert ? ` · ${r.expert.name}` : ''} · {r.member_email ?? 'deleted account'} · due {r.due_at.slice(0, 10)}
                </p>
                {r.state === 'requested' && r.needs_expert_reason && (
                  <p className="mt-1 text-sm font-medium text-amber-800" data-testid="review-needs-expert">
                    Needs an expert: {REVIEW_NEEDS_EXPERT_LABELS[r.needs_expert_reason].toLowerCase()}.
                  </p>
                )}
                {r.state === 'assigned' && r.offer_expires_at && (
                  <p className="mt-1 text-sm text-slate-700">
                    Offer {r.offers} · to be accepted by {formatDateTime(r.offer_expires_at)}
                  </p>
                )}
                {r.escalated_at && (
                  <p className="mt-1 text-sm font-medium text-red-700" data-testid="review-overdue">
                    Overdue: not delivered by {formatDateTime(r.due_at)} (flagged {formatDateTime(r.escalated_at)}).
                  </p>
                )}
                {r.end_reason && (
                  <p className="mt-1 text-sm text-slate-700">Ended: {REVIEW_END_REASON_LABELS[r.end_reason].toLowerCase()}.</p>
                )}
                {r.rating && (
                  <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]" data-testid="review-rating">
                    Member’s rating: <Stars stars={r.rating.stars} />
                    {r.rating.comment ? ` — “${r.rating.comment}”` : ''}
                  </p>
                )}
                {r.questions && <p className="mt-1 line-clamp-2 text-sm text-slate-700">{r.questions}</p>}
              </div>
              <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
                {r.state === 'requested' && (
                  <>
                    <div className="sm:w-56">
                      <SelectField
                        label="Expert"
                        value={choice[r.id] ?? ''}
                        onChange={(e) => setChoice((c) => ({ ...c, [r.id]: e.target.value }))}
                      >
                        <option value="">Choose…</option>
                        {available.map((e) => (
                          <option key={e.id} value={e.id}>
                            {e.name} ({e.load}/{e.capacity})
                          </option>
                        ))}
                      </SelectField>
                    </div>
                    <Button
                      size="sm"
                      disabled={!choice[r.id]}
                      loading={assign.isPending && assign.variables?.id === r.id}
                      onClick={() => assign.mutate({ id: r.id, expert: choice[r.id]! })}
                    >
                      Assign
                    </Button>
                  </>
                )}
                {(r.state === 'requested' || r.state === 'assigned' || r.state === 'accepted') && (
                  <Button
                    size="sm"
                    variant="outline"
                    loading={cancel.isPending && cancel.variables === r.id}
                    onClick={() => cancel.mutate(r.id)}
                  >
                    Cancel and return tokens
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>
      <ExpertsSection />
      <ExpertEarningsSection />
    </div>
  );
}

function ExpertsSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const experts = useQuery(expertsQuery());
  const [form, setForm] = useState({
    email: '',
    name: '',
    fields: '',
    languages: 'en',
    country: 'IN',
    rttp_number: '',
    basic: '3000',
    advanced: '4500',
    comprehensive: '6000',
    capacity: '3',
  });
  const [invalid, setInvalid] = useState<string>();
  const [sent, setSent] = useState<string>();
  // The Join-as-Expert application the form was filled from (decision 235): sent with the invitation, which marks it invited once.
  const [application, setApplication] = useState<ExpertApplicationView>();
  const formRef = useRef<HTMLFormElement>(null);
  const invite = useMutation({
    mutationFn: inviteExpert,
    onSuccess: (r) => {
      setSent(`Invitation sent to ${r.expert.email}.`);
      setApplication(undefined);
      void queryClient.invalidateQueries({ queryKey: adminKeys.experts() });
    },
  });
  const fromApplication = (a: ExpertApplicationView) => {
    setForm((f) => ({
      ...f,
      email: a.email,
      name: a.name,
      fields: a.fields.map(fieldLabel).join(', '),
      languages: a.languages.join(', '),
      country: a.country,
      rttp_number: a.rttp_number,
    }));
    setApplication(a);
    setSent(undefined);
    setInvalid(undefined);
    formRef.current?.scrollIntoView({ block: 'start' });
    formRef.current?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  };
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const list = (v: string) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(undefined);
    const parsed = inviteExpertRequest.safeParse({
      email: form.email,
      name: form.name,
      fields: list(form.fields),
      languages: list(form.languages),
      country: form.country,
      rttp_number: form.rttp_number,
      rates: { basic: Number(form.basic), advanced: Number(form.advanced), comprehensive: Number(form.comprehensive) },
      capacity: Number(form.capacity),
      ...(application ? { application_id: application.id } : {}),
    });
    if (!parsed.success) return setInvalid(`${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`);
    setInvalid(undefined);
    invite.mutate(parsed.data);
  };
  return (
    <section aria-labelledby={`${id}-e`} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id={`${id}-e`} className="text-lg font-semibold text-slate-900">
        Experts
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 text-sm" aria-label="Experts">
        {(experts.data?.experts ?? []).map((e) => (
          <li key={e.id} className="py-2 [overflow-wrap:anywhere]">
            <span className="font-medium text-slate-900">{e.name}</span> · {e.email} · RTTP {e.rttp_number} · {e.state}
            {e.paused ? ' · paused' : ''} · load {e.load}/{e.capacity}
          </li>
        ))}
        {experts.isSuccess && !experts.data.experts.length && <li className="py-2 text-slate-600">No experts yet.</li>}
      </ul>
      <ExpertApplications onInvite={fromApplication} inviting={application?.id} />
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        className="mt-4 grid scroll-mt-4 gap-3 sm:grid-cols-2 lg:grid-cols-3"
        aria-label="Invite an expert"
      >
        {application && (
          <p
            className="flex flex-wrap items-center gap-2 text-sm text-slate-700 sm:col-span-2 lg:col-span-3"
            data-testid="invite-from-application"
          >
            Inviting {application.name} from their application: set the rates and capacity, then invite.
            <Button size="sm" variant="ghost" onClick={() => setApplication(undefined)}>
              Not from the application
            </Button>
          </p>
        )}
        <TextField label="E-mail" type="email" value={form.email} onChange={set('email')} />
        <TextField label="Name" value={form.name} onChange={set('name')} />
        <TextField label="RTTP number" value={form.rttp_number} onChange={set('rttp_number')} />
        <TextField label="Fields (comma-separated)" value={form.fields} onChange={set('fields')} />
        <TextField label="Languages (comma-separated)" value={form.languages} onChange={set('languages')} />
        <SelectField label="Country" value={form.country} onChange={set('country')}>
          {COUNTRY_CODES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <TextField label="Rate, Basic (tokens)" inputMode="numeric" value={form.basic} onChange={set('basic')} />
        <TextField label="Rate, Advanced (tokens)" inputMode="numeric" value={form.advanced} onChange={set('advanced')} />
        <TextField label="Rate, Comprehensive (tokens)" inputMode="numeric" value={form.comprehensive} onChange={set('comprehensive')} />
        <TextField label="Capacity (reviews at once)" inputMode="numeric" value={form.capacity} onChange={set('capacity')} />
        <div className="flex items-end sm:col-span-2 lg:col-span-2">
          <Button type="submit" loading={invite.isPending}>
            Invite the expert
          </Button>
        </div>
        {(invalid || invite.isError) && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2 lg:col-span-3">
            {invalid ?? errorText(invite.error)}
          </p>
        )}
        {sent && (
          <p role="status" className="text-sm text-emerald-800 sm:col-span-2 lg:col-span-3">
            {sent}
          </p>
        )}
      </form>
    </section>
  );
}
