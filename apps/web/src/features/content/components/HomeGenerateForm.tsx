import { REPORT_MESSAGES, TIER_LABELS } from '@assay/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useSession } from '../../../lib/session.ts';
import { useTokenBalance } from '../../billing/index.ts';
import { GenerateReportForm } from '../../reports/index.ts';
import { useFreeReportOffer } from '../hooks.ts';
import { clearDraft, readDraft, saveDraft } from '../lib/draft.ts';

/**
 * The generate form in the home hero (docs/decisions/043-home-generate-flow.md): a visitor's draft
 * is kept while they sign in, a short balance goes to the token packages, a started report to the
 * dashboard.
 */
export function HomeGenerateForm() {
  const { user } = useSession();
  const navigate = useNavigate();
  const balance = useTokenBalance();
  const freeOffer = useFreeReportOffer();
  const [initial] = useState(readDraft);
  return (
    <GenerateReportForm
      initialValues={initial}
      balance={balance.data?.available_tokens}
      refundPendingTokens={balance.data?.refund_pending_tokens}
      submitLabel={freeOffer ? 'Generate Free Assessment Report' : 'Generate Assessment Report'}
      note={
        freeOffer &&
        (user
          ? `Your first ${TIER_LABELS.basic} report is free.`
          : `Free ${TIER_LABELS.basic} report when you sign up — no credit card required.`)
      }
      onSignInNeeded={(values) => {
        saveDraft(values);
        toast(REPORT_MESSAGES.signInHome);
        navigate('/login', { state: { from: { pathname: '/' } } });
      }}
      onInsufficient={({ message }, values) => {
        // The page changes: a toast says why. The draft waits for the purchase.
        toast.error(message);
        saveDraft(values);
        navigate('/login-pricing');
      }}
      onStarted={() => {
        clearDraft();
        navigate('/reports');
      }}
    />
  );
}
