/**
 * The plain-text preview stored as a report's `content_preview` (the dashboard shows it as the
 * Executive Summary): the summary paragraphs, then key findings while room remains.
 */
import type { SectionContent } from './report-content.ts';

export const PREVIEW_MAX_CHARS = 1200;

/** Control characters (tab included) become spaces; newlines stay. */
function withoutControls(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    out += (c < 0x20 && c !== 0x0a) || c === 0x7f ? ' ' : ch;
  }
  return out;
}

function plain(text: string): string {
  return withoutControls(text)
    .replace(/[*_`#>]+/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** Cuts at the last sentence end that fits, else at a word boundary with an ellipsis. */
function fit(text: string, max: number): string {
  if (text.length <= max) return text;
  const slice = text.slice(0, max - 1);
  const sentenceEnd = Math.max(slice.lastIndexOf('. '), slice.lastIndexOf('.\n'), slice.lastIndexOf('? '), slice.lastIndexOf('! '));
  if (sentenceEnd > max * 0.6) return slice.slice(0, sentenceEnd + 1).trim();
  const space = slice.lastIndexOf(' ');
  return `${slice.slice(0, space > max * 0.6 ? space : slice.length).trim()}…`;
}

export function executiveSummaryPreview(section: SectionContent, maxChars = PREVIEW_MAX_CHARS): string {
  const paragraphs = section.summary.map(plain).filter(Boolean);
  let text = paragraphs.join('\n\n');
  if (text.length < maxChars) {
    const findings = section.blocks.find((b) => b.type === 'bullets');
    if (findings && findings.type === 'bullets') {
      const lines = findings.items.map((i) => `• ${plain(i)}`);
      let extra = '';
      for (const line of lines) {
        if (text.length + extra.length + line.length + 2 > maxChars) break;
        extra += `\n${line}`;
      }
      if (extra) text += `\n${extra}`;
    }
  }
  return fit(text, maxChars);
}
