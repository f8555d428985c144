import { LegalDocument } from '../components/LegalDocument.tsx';
import { PRIVACY_POLICY } from '../data/legal/privacy.tsx';

export default function PrivacyPage() {
  return <LegalDocument doc={PRIVACY_POLICY} />;
}
