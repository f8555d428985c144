import type { Block, SectionContent } from './report-content.ts';

/**
 * A section as a reader meets it, in plain text: the summary, each block under its title (a table
 * a row a line, its cells joined; list items bulleted), the TRL, the risks, the confidence and the
 * next steps, one paragraph each. For reading a section as text, e.g. comparing two versions of it.
 */
export function sectionPlainText(s: SectionContent): string {
  const paragraphs = [s.summary.join(' '), ...s.blocks.map(blockText)];
  if (s.trl) {
    paragraphs.push(lines(`TRL ${s.trl.level}`, s.trl.evidence), lines('To reach the next level', s.trl.to_reach_next));
  }
  if (s.risks?.length)
    paragraphs.push(
      lines(
        'Risks',
        s.risks.map((r) => `${r.risk} — ${r.mitigation}`),
      ),
    );
  if (s.confidence) paragraphs.push(`Confidence: ${s.confidence.level}. ${s.confidence.reason}`);
  paragraphs.push(lines('Next steps', s.next_steps));
  return paragraphs.filter(Boolean).join('\n\n');
}

function blockText(b: Block): string {
  if (b.type === 'paragraph') return b.text;
  if (b.type === 'table') return [b.title, b.columns.join(' · '), ...b.rows.map((r) => r.join(' · '))].filter(Boolean).join('\n');
  return lines(b.title, b.items);
}

const lines = (title: string | null, items: readonly string[]) => [title, ...items.map((i) => `• ${i}`)].filter(Boolean).join('\n');
