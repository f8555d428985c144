import { createShareLinkRequest, SHARE_PASSCODE_MIN, type Report, type ShareLink } from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/Button.tsx';
import { errorText } from '../../../../lib/api.ts';
import { createShareLink, fetchShareLinks, revokeShareLink } from '../../api/share.ts';
import { reportKeys } from '../../api/keys.ts';
import { formatDateTime } from '../../lib/format.ts';
import { inputClass } from '../EditableList.tsx';

const linksKey = (id: string) => [...reportKeys.one(id), 'share-links'] as const;
const STATE_TEXT: Record<ShareLink['state'], string> = { active: 'Active', revoked: 'Revoked', expired: 'Expired' };

/**
 * Share a version of the report with an investor or a colleague: a read-only link for a named
 * recipient (printed on every page they see), optionally expiring and with a passcode. The link is
 * shown once, to copy; the list shows each link's views and lets the member revoke it.
 */
export function ReportShareSection({ report }: { report: Report }) {
  const id = useId();
  const queryClient = useQueryClient();
  const links = useQuery({
    queryKey: linksKey(report.id),
    queryFn: ({ signal }) => fetchShareLinks(report.id, signal),
    enabled: report.version > 0,
  });
  const [label, setLabel] = useState('');
  const [expires, setExpires] = useState('');
  const [passcode, setPasscode] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const [made, setMade] = useState<{ url: string; label: string }>();
  const [copied, setCopied] = useState(false);
  const create = useMutation({
    mutationFn: (body: Parameters<typeof createShareLink>[1]) => createShareLink(report.id, body),
    onSuccess: (r, body) => {
      setMade({ url: r.url, label: body.label });
      setCopied(false);
      setLabel('');
      setExpires('');
      setPasscode('');
      void queryClient.invalidateQueries({ queryKey: linksKey(report.id) });
    },
  });
  const revoke = useMutation({
    mutationFn: (linkId: string) => revokeShareLink(report.id, linkId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: linksKey(report.id) }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A chosen day lasts to its end, in the member's own time.
    const expiresAt = expires ? new Date(`${expires}T23:59:59`).toISOString() : undefined;
    const parsed = createShareLinkRequest.safeParse({
      label,
      version: report.version,
      ...(expiresAt ? { expires_at: expiresAt } : {}),
      ...(passcode ? { passcode } : {}),
    });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message);
    setInvalid(undefined);
    create.mutate(parsed.data);
  };

  if (report.version === 0) return null;
  const list = links.data?.links ?? [];
  return (
    <section aria-labelledby={`${id}-h`}>
      <h4 id={`${id}-h`} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Share
      </h4>
      <p className="mt-1 text-sm text-slate-600">
        A read-only link to version {report.version}, for one person: their name is printed on every page. No account is needed to open it.
      </p>
      <form onSubmit={submit} noValidate className="mt-3 grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={`${id}-label`} className="block text-sm font-medium text-slate-700">
            Recipient
          </label>
          <input
            id={`${id}-label`}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            maxLength={120}
            placeholder="e.g. Acme Ventures"
            className={inputClass(Boolean(invalid))}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-err` : undefined}
          />
        </div>
        <div>
          <label htmlFor={`${id}-exp`} className="block text-sm font-medium text-slate-700">
            Expires (optional)
          </label>
          <input id={`${id}-exp`} type="date" value={expires} onChange={(e) => setExpires(e.target.value)} className={inputClass()} />
        </div>
        <div>
          <label htmlFor={`${id}-pass`} className="block text-sm font-medium text-slate-700">
            Passcode (optional)
          </label>
          <input
            id={`${id}-pass`}
            type="password"
            autoComplete="new-password"
            value={passcode}
            onChange={(e) => setPasscode(e.target.value)}
            placeholder={`${SHARE_PASSCODE_MIN}+ characters`}
            className={inputClass()}
          />
        </div>
        {(invalid || create.isError) && (
          <p id={`${id}-err`} role="alert" className="text-sm text-red-700 sm:col-span-3">
            {invalid ?? errorText(create.error)}
          </p>
        )}
        <div className="sm:col-span-3">
          <Button type="submit" variant="outline" loading={create.isPending}>
            Create share link
          </Button>
        </div>
      </form>
      {made && (
        <div role="status" className="mt-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
          <p className="font-medium">Link for {made.label} — copy it now: it is shown only once.</p>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
            <input
              readOnly
              value={made.url}
              aria-label={`Share link for ${made.label}`}
              className={inputClass()}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="share-url"
            />
            <Button size="sm" variant="outline" onClick={() => void navigator.clipboard?.writeText(made.url).then(() => setCopied(true))}>
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          </div>
        </div>
      )}
      {list.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" data-testid="share-links">
          {list.map((l) => (
            <li key={l.id} className="flex flex-col gap-2 px-3 py-2.5 text-sm sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-slate-900 break-words">{l.label}</p>
                <p className="text-xs text-slate-600">
                  Version {l.version} · {STATE_TEXT[l.state]} · {l.views} {l.views === 1 ? 'view' : 'views'}
                  {l.last_viewed_at ? `, last ${formatDateTime(l.last_viewed_at)}` : ''}
                  {l.expires_at ? ` · expires ${formatDateTime(l.expires_at)}` : ''}
                  {l.has_passcode ? ' · passcode' : ''}
                </p>
              </div>
              {l.state === 'active' && (
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-700 hover:bg-red-50"
                  loading={revoke.isPending && revoke.variables === l.id}
                  onClick={() => revoke.mutate(l.id)}
                >
                  Revoke<span className="sr-only"> the link for {l.label}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
