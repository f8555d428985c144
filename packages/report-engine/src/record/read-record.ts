/**
 * The offline reading of an idea into an invention record: the parser behind "What we
 * understood" when no model writes reports. Pure and deterministic; every fact it records is in
 * the text (the member confirms or corrects it before any token is held).
 */
import { inventionRecord, type InventionRecord } from '@assay/shared';
import { classifyField } from '../knowledge/fields.ts';
import { listingSentences, readListing, type PastedListing } from '../text/listing.ts';
import { describingSentences, readAdvantages, readFeatures, readMechanism, readProblem, readSummary, WHAT_IT_DOES } from './description.ts';
import { readFigures } from './figures.ts';
import { readIp } from './ip.ts';
import { readName } from './name.ts';
import { readNamedItems } from './named.ts';
import { readStage } from './stage.ts';

/** What a record leaves open, as one line each: what a report will say is "to find out". */
export function unknownsOf(record: Omit<InventionRecord, 'unknowns'>): string[] {
  const out: string[] = [];
  const figureText = record.figures
    .map((f) => `${f.unit} ${f.what}`)
    .join(' ')
    .toLowerCase();
  if (record.stage.trl === null) out.push('Stage (TRL): not stated.');
  if (record.ip.status === 'unknown') out.push('IP status: not stated.');
  if (record.ip.status !== 'unknown' && record.ip.status !== 'none' && !record.ip.owner) out.push('Owner of the IP: not stated.');
  if (record.applications.length === 0) out.push('First application: not named.');
  if (record.customers.length === 0 && record.licensees.length === 0) out.push('Customers or licensees: none named.');
  if (!/usd|eur|gbp|inr|price|cost/.test(figureText)) out.push('Price or cost: not given.');
  if (!record.figures.some((f) => f.unit === '' || /\b(?:a|per|each) year\b|annual|market size|revenue|sales/.test(f.what.toLowerCase())))
    out.push('Market size: no count given.');
  if (!record.figures.some((f) => /%|x/.test(f.unit) || /faster|accura|efficien|sensitiv|reduc|improv/.test(f.what.toLowerCase())))
    out.push('Performance against today: not measured.');
  return out.slice(0, 12);
}

export function recordFromListing(listing: PastedListing): InventionRecord {
  const sentences = listingSentences(listing);
  const describing = describingSentences(listing, sentences);
  const { name, stated } = readName(listing, describing.length > 0 ? describing : sentences, sentences);
  const summary = readSummary(listing, describing.length > 0 ? describing : sentences, stated ? name : undefined);
  const features = readFeatures(listing, describing, 8, summary);
  const named = readNamedItems(listing, sentences, summary);
  const field = classifyField({
    head: `${listing.title ?? ''} ${stated ? '' : name} ${summary.split(/\s(?:that|which|for|to)\s/)[0] ?? ''}`,
    features,
    // What it does ("removes arsenic from groundwater") says where it is used as much as a named use.
    applications: [...named.applications, ...(WHAT_IT_DOES.exec(summary)?.slice(2, 3) ?? [])],
    text: `${listing.title ?? ''}\n${listing.body}`,
  });
  const partial = {
    name,
    name_stated: stated,
    summary,
    field: field.field,
    field_confidence: field.confidence,
    features,
    mechanism: readMechanism(describing, summary),
    problem: readProblem(listing, describing, summary),
    advantages: readAdvantages(listing, describing),
    stage: readStage(listing, sentences) ?? { trl: null, stated_text: null, label: null },
    ip: readIp(listing, sentences),
    applications: named.applications,
    customers: named.customers,
    licensees: named.licensees,
    figures: readFigures(sentences),
  };
  return inventionRecord.parse({ ...partial, unknowns: unknownsOf(partial) });
}

/** The offline record of an idea as pasted (a listing, a patent's title and abstract, or a member's own words). */
export function readRecord(idea: string): InventionRecord {
  return recordFromListing(readListing(idea));
}
