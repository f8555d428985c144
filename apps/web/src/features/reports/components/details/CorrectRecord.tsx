import { correctionPrice, type InventionRecord, type Report } from '@assay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../../lib/api.ts';
import { useSiteConfig } from '../../../../lib/site.ts';
import { tokenKeys, useTokenBalance } from '../../../billing/index.ts';
import { correctReport } from '../../api/report-actions.ts';
import { reportKeys } from '../../api/keys.ts';
import { toDraft, type RecordDraft } from '../../lib/record-draft.ts';
import { UnderstoodStep } from '../UnderstoodStep.tsx';

/**
 * "Correct what we understood" on a finished report: its invention record in the same form the
 * member confirmed it in before paying; confirming rewrites the whole report on the corrected
 * record at the operator's reduced price (shown with the balance after) as a new version.
 */
export function CorrectRecord({
  report,
  record,
  onDone,
  onBack,
}: {
  report: Report;
  record: InventionRecord;
  onDone: (message: string) => void;
  onBack: () => void;
}) {
  const queryClient = useQueryClient();
  const site = useSiteConfig();
  const balance = useTokenBalance().data?.available_tokens;
  const [draft, setDraft] = useState<RecordDraft>(() => toDraft(record));
  const price = correctionPrice(report.complexity, site.report_changes.correction_percent);
  const correct = useMutation({
    mutationFn: (next: InventionRecord) => correctReport(report.id, next),
    onSuccess: (updated) => {
      queryClient.setQueryData(reportKeys.one(report.id), updated);
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
      void queryClient.invalidateQueries({ queryKey: tokenKeys.balance });
      onDone('Your corrections are saved: the whole report is being written again on them.');
    },
  });
  return (
    <div className="space-y-3">
      <UnderstoodStep
        record={record}
        draft={draft}
        onDraft={setDraft}
        offline={site.report_writer.offline}
        complexity={report.complexity}
        balance={balance}
        confirming={correct.isPending}
        onBack={onBack}
        onConfirm={(next) => correct.mutate(next)}
        correction={{ price }}
      />
      {correct.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(correct.error)}
        </p>
      )}
    </div>
  );
}
