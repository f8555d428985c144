/**
 * The searches a report sends, built from what the invention IS — its name, components,
 * materials and mechanism — never from who it is for or how the inventor describes the market.
 * Only these short queries leave the server: the idea's text never does.
 */
import { extractKeyTerms, extractStatedUsers, extractSubject, normaliseText, splitSentences } from '../writers/offline/text-analysis.ts';

export interface SearchPlan {
  /** What is sent, one search per entry (a few words each). */
  queries: string[];
  /** Weighted phrases used on this server only, to rank what comes back by closeness to the idea. */
  rankingTerms: Array<{ term: string; weight: number }>;
}

const MAX_QUERIES = 4;
const MAX_QUERY_WORDS = 5;
/** A query never repeats this many consecutive words of the idea (the idea is confidential). */
export const MAX_SHARED_RUN = 6;

/** Words that say who uses it, where, or how it is sold: they do not describe the invention. */
const NOT_THE_INVENTION = new Set(
  `low-cost cheap affordable inexpensive premium novel new innovative unique smart simple easy portable compact
rural urban household households home homes village villages farmer farmers smallholder smallholders patient patients
athlete athletes consumer consumers customer customers user users people family families community communities
hospital hospitals clinic clinics school schools india africa europe china world global country countries market
markets production line lines pilot prototype lab laboratory university team company startup year years month months
seconds minutes hours application applications applies trl value guideline estimate state level cost price`.split(/\s+/),
);

/** Sentences that say how it works (not the problem, the evidence or the plans) name its parts. */
const MECHANISM = /\b(?:uses?|using|based on|consists? of|compris\w*|works? by|made (?:of|from)|coated|coating|embedded|layers?|deposited|mechanism|algorithm|circuit|applies|measures|passes through|lined with|combin\w*)\b/i;
const NOT_MECHANISM = /\b(?:problem|expensive|costly|exceeds?|waste|rely|relies|lack\w*|existing|currently|today|conventional|patent|tested|prototype|pilot|plan|funding)\b/i;

const words = (s: string) => s.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

/** Drops marketing and setting words at the edges, adverbs anywhere, and terms built around a verb. */
function technicalCore(term: string, users: Set<string>): string | null {
  let parts = term.split(/\s+/).filter((w) => !/^[a-z]+ly$/i.test(w));
  const off = (w: string) => NOT_THE_INVENTION.has(w.toLowerCase()) || users.has(w.toLowerCase()) || /[\d/]/.test(w);
  while (parts.length && off(parts[0]!)) parts.shift();
  while (parts.length && off(parts[parts.length - 1]!)) parts.pop();
  if (parts.some(off)) return null;
  // "radio sending readings": a verb in the middle means the phrase is a clause, not a thing.
  if (parts.slice(0, -1).some((w) => /ing$/i.test(w) && w.length > 5 && !/(?:coating|bearing|housing|sensing|imaging|casting|printing)$/i.test(w))) {
    return null;
  }
  parts = parts.slice(-4);
  const core = parts.join(' ').trim();
  return core.length >= 3 ? core : null;
}

/** True when `query` holds a run of MAX_SHARED_RUN or more consecutive words of the idea. */
export function repeatsIdea(query: string, idea: string): boolean {
  const q = words(query);
  if (q.length < MAX_SHARED_RUN) return false;
  const ideaText = ` ${words(idea).join(' ')} `;
  for (let i = 0; i + MAX_SHARED_RUN <= q.length; i++) {
    if (ideaText.includes(` ${q.slice(i, i + MAX_SHARED_RUN).join(' ')} `)) return true;
  }
  return false;
}

export function buildSearchPlan(ideaText: string): SearchPlan {
  const idea = normaliseText(ideaText);
  const sentences = splitSentences(idea);
  const users = new Set(extractStatedUsers(idea).flatMap(words));
  const descriptive = sentences.filter((s, i) => i === 0 || (MECHANISM.test(s) && !NOT_MECHANISM.test(s)));
  const keyTerms = extractKeyTerms(idea, 10);
  const subject = extractSubject(sentences[0] ?? idea, keyTerms[0] ?? '');
  // Terms naming parts and mechanism lead (they are searched); the rest only help rank results.
  const candidates = [subject, ...extractKeyTerms(descriptive.join('\n'), 8), ...keyTerms];
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const raw of candidates) {
    const core = raw ? technicalCore(raw, users) : null;
    if (!core) continue;
    const key = words(core).join(' ');
    // A phrase inside one already chosen ("membrane filter" in "ceramic membrane filter") adds nothing.
    if ([...seen].some((s) => ` ${s} `.includes(` ${key} `) || ` ${key} `.includes(` ${s} `))) continue;
    seen.add(key);
    terms.push(core);
  }
  const head = terms[0] ? terms[0].split(' ').at(-1)! : '';
  const queries: string[] = [];
  for (const t of terms) {
    if (queries.length >= MAX_QUERIES) break;
    // A lone word ("arsenic") is too broad to search: anchor it to what the invention is.
    const q = t.includes(' ') || !head || t === head ? t : `${t} ${head}`;
    const trimmed = q.split(/\s+/).slice(0, MAX_QUERY_WORDS).join(' ').toLowerCase();
    if (!queries.includes(trimmed) && !repeatsIdea(trimmed, idea)) queries.push(trimmed);
  }
  const rankingTerms = terms.slice(0, 10).map((term, i) => ({ term: term.toLowerCase(), weight: i === 0 ? 3 : i <= 3 ? 2 : 1 }));
  return { queries, rankingTerms };
}
