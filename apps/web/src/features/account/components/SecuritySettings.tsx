import { Card } from '../../../components/ui/Card.tsx';
import { ActiveSessions } from './ActiveSessions.tsx';
import { PasskeySettings } from './PasskeySettings.tsx';
import { TwoFactorSettings } from './TwoFactorSettings.tsx';

/** Profile → Security: the second factor and the sessions (decision 190). Security mails link here (#security). */
export function SecuritySettings() {
  return (
    <Card id="security" className="scroll-mt-24 space-y-6 p-6">
      <h2 className="text-lg font-semibold text-slate-900">Security</h2>
      <TwoFactorSettings />
      <div className="border-t border-slate-200" />
      <PasskeySettings />
      <div className="border-t border-slate-200" />
      <ActiveSessions />
    </Card>
  );
}
