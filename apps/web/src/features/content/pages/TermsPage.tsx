import { LegalDocument } from '../components/LegalDocument.tsx';
import { TERMS } from '../data/legal/terms.tsx';

export default function TermsPage() {
  return <LegalDocument doc={TERMS} />;
}
