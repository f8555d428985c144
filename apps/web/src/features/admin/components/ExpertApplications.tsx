import {
  countryName,
  EXPERT_APPLICATION_STATE_LABELS,
  EXPERT_APPLICATION_STATES,
  INVENTION_FIELDS,
  type ExpertApplicationState,
  type ExpertApplicationView,
} from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { SelectField } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { errorText } from '../../../lib/api.ts';
import { applicationsKey, applicationsQuery, declineApplication } from '../api/expert-applications.ts';
import { formatDateTime } from '../lib/format.ts';

/** An invention field's label ('medical_devices' → 'Medical devices'): what the invite form's free-text fields take. */
export const fieldLabel = (id: string) => INVENTION_FIELDS.find((f) => f.id === id)?.label ?? id;

/**
 * Join-as-Expert applications (decision 235), waiting ones first. "Invite" fills the invitation
 * form below with the applicant's details (the operator sets the rates and capacity); "Decline"
 * asks once more, then mails the applicant. Either is done once, on the server.
 */
export function ExpertApplications({ onInvite, inviting }: { onInvite: (a: ExpertApplicationView) => void; inviting: string | undefined }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ExpertApplicationState | ''>('pending');
  const [confirming, setConfirming] = useState<string>();
  const list = useQuery(applicationsQuery(state || undefined));
  const decline = useMutation({
    mutationFn: declineApplication,
    onSuccess: () => {
      setConfirming(undefined);
      void queryClient.invalidateQueries({ queryKey: applicationsKey() });
    },
  });
  const rows = list.data?.applications ?? [];

  return (
    <div className="mt-2" data-testid="expert-applications">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h3 id={`${id}-h`} className="text-base font-semibold text-slate-900">
          Applications
        </h3>
        <div className="sm:w-48">
          <SelectField label="Show" value={state} onChange={(e) => setState(e.target.value as ExpertApplicationState | '')}>
            {EXPERT_APPLICATION_STATES.map((s) => (
              <option key={s} value={s}>
                {EXPERT_APPLICATION_STATE_LABELS[s]}
              </option>
            ))}
            <option value="">All</option>
          </SelectField>
        </div>
      </div>
      {decline.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorText(decline.error)}
        </p>
      )}
      {list.isPending && (
        <div role="status" className="py-4">
          <Spinner /> <span className="sr-only">Loading the applications</span>
        </div>
      )}
      {list.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorText(list.error)}
        </p>
      )}
      {list.isSuccess && !rows.length && (
        <p className="mt-3 text-sm text-slate-600">
          No applications{state ? ` ${EXPERT_APPLICATION_STATE_LABELS[state].toLowerCase()}` : ''}.
        </p>
      )}
      <ul className="mt-3 divide-y divide-slate-200" aria-labelledby={`${id}-h`}>
        {rows.map((a) => (
          <li key={a.id} className="space-y-2 py-3 text-sm" data-testid="application-row">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{a.name}</span>
              <Badge tone={a.state === 'pending' ? 'info' : a.state === 'invited' ? 'success' : 'neutral'}>
                {EXPERT_APPLICATION_STATE_LABELS[a.state]}
              </Badge>
              {a.already_expert && a.state === 'pending' && <Badge tone="warning">Already an expert</Badge>}
            </div>
            <p className="text-slate-600 [overflow-wrap:anywhere]">
              {a.email} · {countryName(a.country)} · RTTP {a.rttp_number} · applied {formatDateTime(a.created_at)}
            </p>
            <p className="text-slate-700">
              <span className="font-medium">Fields:</span> {a.fields.map(fieldLabel).join(', ')} ·{' '}
              <span className="font-medium">Languages:</span> {a.languages.join(', ')}
            </p>
            <p className="whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">{a.statement}</p>
            {a.state === 'pending' &&
              (confirming === a.id ? (
                <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Decline ${a.name}`}>
                  <span className="text-slate-700">Decline and e-mail {a.name}?</span>
                  <Button size="sm" variant="danger" loading={decline.isPending} onClick={() => decline.mutate(a.id)}>
                    Decline and e-mail
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setConfirming(undefined)}>
                    Keep it
                  </Button>
                </div>
              ) : (
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" disabled={a.already_expert} onClick={() => onInvite(a)} aria-pressed={inviting === a.id}>
                    Invite<span className="sr-only"> {a.name}</span>
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setConfirming(a.id)}>
                    Decline<span className="sr-only"> {a.name}</span>
                  </Button>
                </div>
              ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
