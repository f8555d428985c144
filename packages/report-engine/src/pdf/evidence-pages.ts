/**
 * What the PDF shows of the evidence: the prior-art table inside the IP sections, and the
 * "Sources and method" and "References" pages before the disclaimer. Numbers, holders, years,
 * titles and links come from the stored evidence, never from a writer's text.
 */
import { PRODUCT_NAME, type InventionRecord } from '@assay/shared';
import type { PriorArtRow } from '../content/report-content.ts';
import type { EvidenceItem, EvidenceRecord } from '../evidence/evidence.ts';
import { featureChart } from '../evidence/feature-chart.ts';
import { drawBullets, drawCallout, drawParagraph, drawSubheading, drawTable } from './blocks.ts';
import type { Flow } from './flow.ts';
import { COLOR, TYPE } from './theme.ts';

export const SOURCES_TITLE = 'Sources and method';
export const REFERENCES_TITLE = 'References';

/** True when at least one source was actually searched. */
export function wasSearched(evidence: EvidenceRecord | null): boolean {
  return !!evidence?.sources.some((s) => s.status === 'searched' || s.status === 'partly_failed');
}

/** The sections where a missing or failed search must be said again, beside the IP judgement it weakens. */
const IP_SECTIONS = new Set(['ip_snapshot', 'ip_summary', 'detailed_ip', 'claims_analysis', 'freedom_to_operate']);

/** In an IP section: what was not searched, in the evidence's own plain words (nothing when all searches ran). */
export function drawSearchGaps(f: Flow, sectionKey: string, evidence: EvidenceRecord | null): void {
  if (!IP_SECTIONS.has(sectionKey)) return;
  const gaps = evidence
    ? evidence.sources.filter((s) => s.status === 'not_run' || s.status === 'failed').map((s) => s.note)
    : ['No patent search and no literature search were run for this report.'];
  if (gaps.length > 0) drawCallout(f, { kind: 'verify', title: 'Not searched for this report', items: gaps });
}

const holderText = (e: EvidenceItem) =>
  e.holders.length === 0 ? '—' : e.kind === 'work' && e.holders.length > 2 ? `${e.holders[0]} et al.` : e.holders.join('; ');

export function drawPriorArtTable(f: Flow, rows: readonly PriorArtRow[], evidence: EvidenceRecord | null): void {
  const byId = new Map((evidence?.items ?? []).map((e) => [e.id, e]));
  const cells = rows.flatMap((r) => {
    const e = byId.get(r.id);
    return e ? [[`[${e.id}] ${e.identifier}`, holderText(e), e.year ? String(e.year) : '—', e.title, r.covers, r.differs]] : [];
  });
  if (cells.length === 0) return;
  drawTable(f, {
    type: 'table',
    title: 'Closest prior art found by the search',
    columns: ['Number', 'Holder', 'Year', 'Title', 'What it covers', 'How it compares with the features'],
    rows: cells,
  });
}

/** The section that carries the feature chart: the IP summary, in every tier (decision 216). */
export const FEATURE_CHART_SECTION = 'ip_summary';
const MARK: Record<string, string> = { yes: 'yes', partly: 'partly', no: 'no' };

/**
 * The feature chart under the prior-art table: one row per feature of the record, one column per
 * closest document (yes / partly / no), the sentences that show each "yes" and "partly", and
 * what remains new when the documents are combined. Computed from the stored evidence and the
 * record, whatever writer wrote the section.
 */
export function drawFeatureChart(f: Flow, record: InventionRecord, evidence: EvidenceRecord | null): void {
  const chart = evidence ? featureChart(record, evidence.items) : null;
  if (!chart) return;
  const docs = chart.documents;
  drawTable(f, {
    type: 'table',
    title: 'Feature chart: what the closest documents disclose',
    columns: ['Feature of the record', ...docs.map((d) => `[${d.item.id}]`)],
    rows: chart.targets.map((t) => [
      t.kind === 'mechanism' ? t.label : `${t.id}. ${t.label}`,
      ...docs.map((d) => MARK[d.cells.find((c) => c.target === t.id)!.level]!),
    ]),
  });
  const shows = docs.flatMap((d) =>
    d.cells.filter((c) => c.sentence).map((c) => [`[${d.item.id}]`, c.target === 'M' ? 'mechanism' : c.target, c.level, `“${c.sentence}”`]),
  );
  if (shows.length)
    drawTable(f, {
      type: 'table',
      title: 'The sentences that show it',
      columns: ['Document', 'Feature', 'Discloses', 'Sentence'],
      rows: shows.slice(0, 20),
    });
  drawParagraph(f, `What remains new: ${chart.novelty}`);
}

function heading(f: Flow, title: string): void {
  f.text(title, { bold: true, size: TYPE.h1, color: COLOR.navy, after: 10 });
  f.rule(COLOR.accent, 1.2);
  f.gap(12);
}

export function drawSourcesAndMethod(f: Flow, evidence: EvidenceRecord | null): void {
  heading(f, SOURCES_TITLE);
  if (!evidence) {
    drawParagraph(f, 'No patent search and no literature search were run for this report.');
    return;
  }
  const searched = wasSearched(evidence);
  drawParagraph(
    f,
    searched
      ? `Before the sections were written, ${PRODUCT_NAME} searched public patent and literature databases for documents close to the invention, on ${evidence.searchedAt.slice(0, 10)}. Only the search terms listed below were sent to them; the member's description and record were not.`
      : 'No database was searched for this report, so it cites no patents or papers. Its statements about prior art are reasoned from the confirmed record alone.',
    true,
  );
  drawSubheading(f, 'What was searched');
  drawBullets(
    f,
    evidence.sources.map((s) => s.note),
  );
  if (searched && evidence.families?.length) {
    // By feature: the searcher's query families (decision 215), each search as the source was asked.
    drawSubheading(f, 'Search terms sent, by feature');
    drawBullets(
      f,
      evidence.families.map(
        (fam) => `For ${fam.target === 'the mechanism' ? fam.target : `“${fam.target}”`}: ${fam.queries.map((q) => `“${q}”`).join('; ')}`,
      ),
    );
  } else if (searched) {
    drawSubheading(f, 'Search terms sent');
    drawBullets(
      f,
      evidence.queries.map((q) => `“${q}”`),
    );
  }
  const failed = evidence.runs.filter((r) => !r.ok);
  if (failed.length > 0) {
    const label = (name: string) => evidence.sources.find((s) => s.source === name)?.label ?? name;
    drawSubheading(f, 'Searches that failed');
    drawBullets(
      f,
      failed.map((r) => `${label(r.source)}, “${r.query}”: the service ${r.failure ?? 'failed'}.`),
    );
  }
  if (searched) {
    drawSubheading(f, 'How documents were chosen');
    drawParagraph(
      f,
      evidence.families?.length
        ? 'Each feature of the record, and its mechanism, was searched in several shapes: its own words as a phrase, all its words with their synonyms in any order, and the same within the field’s patent classes (CPC) and OpenAlex fields. Results were pooled, de-duplicated and ranked by how many of the record’s features each document touches in its title, abstract or claims — not by date. The closest (at most ten patents and ten papers) are kept, listed under References, and cited in the text by their ids in square brackets, such as [P1] for a patent and [W1] for a paper; the IP summary charts the closest five against each feature. This is an automated keyword search of the databases named above, not a professional novelty, patentability or freedom-to-operate search; a patent gives rights only where it is granted, and filings in offices not searched here are not covered.'
        : 'Results were de-duplicated and ranked by how many of the record’s technical terms their titles and abstracts use. The closest (at most ten patents and ten papers) are kept, listed under References, and cited in the text by their ids in square brackets, such as [P1] for a patent and [W1] for a paper. This is an automated keyword search of the databases named above, not a professional novelty, patentability or freedom-to-operate search; a patent gives rights only where it is granted, and filings in offices not searched here are not covered.',
    );
  }
}

function drawReference(f: Flow, e: EvidenceItem): void {
  const who = holderText(e);
  const line =
    e.kind === 'patent'
      ? `[${e.id}]  ${e.identifier} — ${e.title}. ${who}${e.year ? `, ${e.year}` : ''}.`
      : `[${e.id}]  ${who}${e.year ? ` (${e.year})` : ''}. ${e.title}. ${e.identifier.startsWith('10.') ? `doi:${e.identifier}` : e.identifier}.`;
  f.ensure(40);
  f.text(line, { size: TYPE.small + 0.5, after: 1 });
  const top = f.y;
  f.text(e.url, { size: TYPE.small, color: COLOR.accent, x: f.left + 14, width: f.width - 14, after: 6 });
  // The address is a live link (over the lines just drawn, when they are on this page).
  if (f.y > top) f.doc.link(f.left + 14, top, f.width - 14, f.y - top - 6, e.url);
}

export function drawReferences(f: Flow, evidence: EvidenceRecord | null): void {
  heading(f, REFERENCES_TITLE);
  const items = evidence?.items ?? [];
  if (items.length === 0) {
    drawParagraph(
      f,
      wasSearched(evidence)
        ? 'The search found no documents close enough to this invention to cite.'
        : 'No search was run, so there are no references.',
    );
    return;
  }
  const patents = items.filter((i) => i.kind === 'patent');
  const works = items.filter((i) => i.kind === 'work');
  if (patents.length) {
    drawSubheading(f, 'Patents');
    for (const e of patents) drawReference(f, e);
  }
  if (works.length) {
    f.gap(6);
    drawSubheading(f, 'Scholarly works');
    for (const e of works) drawReference(f, e);
  }
}
