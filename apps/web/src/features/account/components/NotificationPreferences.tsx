import { ACCOUNT_MESSAGES, type NotificationPreferences as Preferences } from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { CheckboxField } from '../../../components/ui/Field.tsx';
import { errorText } from '../../../lib/api.ts';
import { accountKeys } from '../api/keys.ts';
import { fetchNotificationPreferences, saveNotificationPreferences } from '../api/notification-preferences.ts';

const OPTIONS: Array<{ key: keyof Preferences; label: string; hint: string }> = [
  { key: 'report_ready', label: 'A report is ready', hint: 'An email with a link to the report as soon as it is generated.' },
  { key: 'tokens_expiring', label: 'Tokens about to expire', hint: 'One reminder when unused tokens have 7 days left.' },
];

/** The optional emails, each saved as soon as it is switched (docs/decisions/133-notifications.md). */
export function NotificationPreferences() {
  const queryClient = useQueryClient();
  const prefs = useQuery({
    queryKey: accountKeys.notificationPreferences,
    queryFn: ({ signal }) => fetchNotificationPreferences(signal),
    meta: { silent: true },
  });
  // What the member just switched, shown at once while it saves (set in the click itself: a
  // controlled box would spring back until a later update); the saved answer replaces it, and a
  // failure leaves the stored preferences shown.
  const [switched, setSwitched] = useState<Preferences | null>(null);
  const save = useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (saved) => {
      queryClient.setQueryData(accountKeys.notificationPreferences, saved);
      toast.success(ACCOUNT_MESSAGES.preferencesSaved);
    },
    onError: (err) => toast.error(errorText(err, ACCOUNT_MESSAGES.preferencesFailed)),
  });

  return (
    <Card id="notifications" className="scroll-mt-24 p-6">
      <h2 className="text-lg font-semibold text-slate-900">Email notifications</h2>
      <p className="mt-1 text-sm text-slate-600">
        We always email sign-in codes, purchase receipts with their invoices, refund decisions, and a report that could not be generated
        (with its tokens returned). You choose the others.
      </p>
      {prefs.isPending ? (
        <div className="mt-5 space-y-3" aria-hidden="true">
          <div className="h-5 w-2/3 animate-pulse rounded bg-slate-100" />
          <div className="h-5 w-1/2 animate-pulse rounded bg-slate-100" />
        </div>
      ) : prefs.isError ? (
        <div role="alert" className="mt-5 flex flex-wrap items-center gap-3 text-sm text-red-700">
          {ACCOUNT_MESSAGES.preferencesLoadFailed}
          <Button variant="outline" size="sm" onClick={() => void prefs.refetch()} loading={prefs.isFetching}>
            Try again
          </Button>
        </div>
      ) : (
        <fieldset className="mt-5 space-y-4" disabled={save.isPending}>
          <legend className="sr-only">Optional emails</legend>
          {OPTIONS.map((o) => (
            <CheckboxField
              key={o.key}
              checked={(switched ?? prefs.data)[o.key]}
              onChange={(e) => {
                const next = { ...prefs.data, [o.key]: e.target.checked };
                setSwitched(next);
                save.mutate(next, { onSettled: () => setSwitched(null) });
              }}
              label={
                <>
                  <span className="font-medium text-slate-900">{o.label}</span>
                  <span className="block text-slate-500">{o.hint}</span>
                </>
              }
            />
          ))}
        </fieldset>
      )}
    </Card>
  );
}
