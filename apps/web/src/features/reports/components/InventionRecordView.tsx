import { fieldLabel, IP_STATUS_LABELS, type InventionRecord } from '@assay/shared';
import type { ReactNode } from 'react';
import { figureText, trlText } from '../lib/record-text.ts';

/**
 * The invention record a report is built on, read-only (the report's details): the facts the
 * member confirmed, so they can see what the report took as given.
 */
export function InventionRecordView({ record }: { record: InventionRecord }) {
  const ip = [IP_STATUS_LABELS[record.ip.status], record.ip.numbers.join(', '), record.ip.owner ? `owner: ${record.ip.owner}` : '']
    .filter(Boolean)
    .join(' · ');
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]" data-testid="invention-record">
      <Row label="Name">{record.name}</Row>
      {record.summary && <Row label="What it is">{record.summary}</Row>}
      <Row label="Field">{record.field === 'uncertain' ? 'Not sure' : fieldLabel(record.field)}</Row>
      <Row label="Stage">
        {record.stage.trl === null ? 'Not stated (the report estimates it)' : trlText(record.stage.trl)}
        {record.stage.stated_text && <span className="mt-0.5 block text-xs text-slate-500 italic">“{record.stage.stated_text}”</span>}
      </Row>
      <Row label="Patent status">{ip}</Row>
      <ListRow label="Key features" items={record.features} />
      <ListRow label="Applications" items={record.applications} />
      <ListRow label="Customers and users" items={record.customers} />
      <ListRow label="Licensees and partners" items={record.licensees} />
      <ListRow label="Figures" items={record.figures.map(figureText)} />
    </dl>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="sm:contents">
      <dt className="text-xs font-medium text-slate-500 sm:pt-0.5">{label}</dt>
      <dd className="mt-0.5 text-slate-900 sm:mt-0">{children}</dd>
    </div>
  );
}

function ListRow({ label, items }: { label: string; items: readonly string[] }) {
  if (!items.length) return null;
  return (
    <Row label={label}>
      <ul className="list-disc space-y-0.5 pl-4">
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </Row>
  );
}
