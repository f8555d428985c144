import { CONTACT_REASON_LABELS, MSG, type ContactReason, type ContactSubmission } from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { SearchBox } from '../../../components/ui/SearchBox.tsx';
import { errorText } from '../../../lib/api.ts';
import { contactQuery, downloadContactCsv, eraseSubmission, setSubmissionHandled } from '../api/contact.ts';
import { adminKeys, PAGE_SIZE, type ContactFilter } from '../api/keys.ts';
import { useOperatorSearch, usePageFor } from '../hooks/usePagedSearch.ts';
import { formatDateTime } from '../lib/format.ts';
import { DateRangeInputs, DateRangeNotes, DownloadIcon, ListSpinner, LoadError, Pager, SectionHeader } from './Shared.tsx';

const reasonLabel = (r: string | null) => (r ? (CONTACT_REASON_LABELS[r as ContactReason] ?? r) : null);

/** Contact Submissions (docs/product.md §2): text search, a date filter with Clear, CSV download, newest first. */
export function ContactTab() {
  const [search, setSearch] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { q, tooShort } = useOperatorSearch(search);
  const filter = useMemo<ContactFilter>(() => ({ q, from, to }), [q, from, to]);
  const { page, setPage } = usePageFor(JSON.stringify(filter));
  const list = useQuery(contactQuery(filter, page));
  const [exporting, setExporting] = useState(false);
  const filtered = Boolean(q || from || to);

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadContactCsv(filter);
      toast.success('Contact submissions exported');
    } catch (err) {
      console.error(MSG.exportContactFailed, err);
      toast.error(MSG.exportContactFailed);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-5">
      <SectionHeader
        title="Contact Submissions"
        description="Messages from the contact and RTTP forms, newest first."
        actions={
          <Button variant="outline" onClick={() => void onExport()} loading={exporting}>
            {!exporting && <DownloadIcon />}
            Download CSV
          </Button>
        }
      />
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <SearchBox
          className="w-full sm:max-w-sm"
          label="Search contact submissions"
          value={search}
          onChange={setSearch}
          placeholder="Search name, email or message…"
          hint={tooShort ? MSG.searchTooShort : undefined}
        />
        <fieldset className="flex flex-wrap items-end gap-3">
          <legend className="sr-only">Date filter</legend>
          <DateRangeInputs from={from} to={to} onFrom={setFrom} onTo={setTo} />
          <Button
            variant="ghost"
            disabled={!from && !to}
            onClick={() => {
              setFrom('');
              setTo('');
            }}
          >
            Clear
          </Button>
        </fieldset>
      </div>
      <DateRangeNotes from={from} to={to} />
      {list.data ? (
        list.data.items.length === 0 ? (
          <EmptyState title="No contact submissions found" hint={filtered ? 'Try a different search or date range.' : undefined} />
        ) : (
          <>
            <ul className="space-y-3" aria-label="Contact submissions">
              {list.data.items.map((s) => (
                <li key={s.id}>
                  <SubmissionCard s={s} />
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pageSize={PAGE_SIZE.contact}
              total={list.data.total}
              onPage={setPage}
              busy={list.isPlaceholderData}
              noun="submissions"
            />
          </>
        )
      ) : list.isError ? (
        <LoadError what="contact submissions" onRetry={() => void list.refetch()} />
      ) : (
        <ListSpinner />
      )}
    </div>
  );
}

function SubmissionCard({ s }: { s: ContactSubmission }) {
  const reason = reasonLabel(s.reason);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.contactAll() });
  const handled = useMutation({
    mutationFn: (next: boolean) => setSubmissionHandled(s.id, next),
    onSuccess: (saved) => {
      toast.success(saved.handled_at ? 'Marked as handled' : 'Marked as open');
      void refresh();
    },
    onError: (err) => {
      console.error(err);
      toast.error('Failed to update the submission', { description: errorText(err, MSG.genericError) });
    },
  });
  const erase = useMutation({
    mutationFn: () => eraseSubmission(s.id),
    onSuccess: () => {
      toast.success('Submission erased');
      void refresh();
    },
    onError: (err) => {
      console.error(err);
      toast.error('Failed to erase the submission', { description: errorText(err, MSG.genericError) });
    },
  });
  return (
    <Card className="p-4 sm:p-5" data-testid="contact-submission">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            {s.name}
            {s.form === 'rttp' && <Badge tone="info">RTTP request</Badge>}
            {reason ? <Badge tone="brand">{reason}</Badge> : <span className="text-xs font-normal text-slate-500">No reason given</span>}
          </p>
          <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-slate-600">
            <a href={`mailto:${s.email}`} className="break-all text-brand-700 hover:underline">
              {s.email}
            </a>
            <a href={`tel:${s.phone.replace(/[^\d+]/g, '')}`} className="hover:underline">
              {s.phone}
            </a>
          </p>
        </div>
        <time dateTime={s.submitted_at} className="text-xs whitespace-nowrap text-slate-500">
          {formatDateTime(s.submitted_at)}
        </time>
      </div>
      <p className="mt-3 text-sm break-words whitespace-pre-wrap text-slate-700">{s.message}</p>
      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-slate-100 pt-3">
        {s.handled_at ? (
          <p className="mr-auto flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <Badge tone="success">Handled</Badge>
            by {s.handled_by} · <time dateTime={s.handled_at}>{formatDateTime(s.handled_at)}</time>
          </p>
        ) : (
          <p className="mr-auto">
            <Badge tone="warning">Open</Badge>
          </p>
        )}
        <Button size="sm" variant="outline" loading={handled.isPending} onClick={() => handled.mutate(!s.handled_at)}>
          {s.handled_at ? 'Reopen' : 'Mark handled'}
          <span className="sr-only">: message from {s.name}</span>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          loading={erase.isPending}
          onClick={() => {
            if (window.confirm(`Erase the message from ${s.name} for good? This cannot be undone.`)) erase.mutate();
          }}
        >
          Erase
          <span className="sr-only">: message from {s.name}</span>
        </Button>
      </div>
    </Card>
  );
}
