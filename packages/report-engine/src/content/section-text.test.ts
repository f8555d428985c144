import { describe, expect, it } from 'vitest';
import type { SectionContent } from './report-content.ts';
import { sectionPlainText } from './section-text.ts';

describe('sectionPlainText', () => {
  it('reads a section in order: summary, blocks under their titles, a table row a line, TRL, risks, confidence, next steps', () => {
    const s: SectionContent = {
      key: 'feasibility',
      title: 'Feasibility',
      summary: ['It works in the lab.', 'It has not left it.'],
      blocks: [
        { type: 'paragraph', text: 'The strip changes colour.' },
        {
          type: 'table',
          title: 'Tests',
          columns: ['Test', 'Result'],
          rows: [
            ['Lead 5 ppb', 'Detected'],
            ['Copper', 'No response'],
          ],
        },
        { type: 'bullets', title: null, items: ['Cheap', 'Fast'] },
      ],
      confidence: { level: 'medium', reason: 'One lab, one operator.' },
      next_steps: ['Field trial with a utility'],
      trl: { level: 4, evidence: ['Lab prototype'], to_reach_next: ['Field samples'] },
      risks: [{ risk: 'Interference', category: 'technical', likelihood: 3, impact: 4, mitigation: 'Blind tests' }],
      roi: null,
    };
    expect(sectionPlainText(s)).toBe(
      [
        'It works in the lab. It has not left it.',
        'The strip changes colour.',
        'Tests\nTest · Result\nLead 5 ppb · Detected\nCopper · No response',
        '• Cheap\n• Fast',
        'TRL 4\n• Lab prototype',
        'To reach the next level\n• Field samples',
        'Risks\n• Interference — Blind tests',
        'Confidence: medium. One lab, one operator.',
        'Next steps\n• Field trial with a utility',
      ].join('\n\n'),
    );
  });
});
