import { LegalDocument } from '../components/LegalDocument.tsx';
import { REFUND_POLICY } from '../data/legal/refund-policy.tsx';

export default function RefundPolicyPage() {
  return <LegalDocument doc={REFUND_POLICY} />;
}
