import type { Report } from '@assay/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../lib/format.ts';
import { ReportsList } from './ReportsList.tsx';

const completed: Report = {
  id: 'r1',
  title: 'Crop disease sensor patch',
  idea: 'A low-cost sensor patch that detects early crop disease from leaf moisture patterns.',
  complexity: 'basic',
  status: 'completed',
  created_at: '2025-07-01T10:42:00.000Z',
  completed_at: '2025-07-01T10:45:00.000Z',
  tokens_used: 2500,
  pdf_url: '/api/reports/r1/download',
  content_preview: null,
  error_message: null,
  tokens_returned: false,
  progress: { stage: 'done', sections_done: 15, sections_total: 15 },
  record: null,
  record_confirmed: false,
  version: 1,
  run_kind: 'generate',
  cancelled: false,
};

function renderList() {
  const onOpen = vi.fn();
  render(
    <ReportsList
      reports={[completed]}
      modes={new Map()}
      onOpen={onOpen}
      onPreview={vi.fn()}
      onDownload={vi.fn()}
      isDownloading={() => false}
    />,
  );
  return { onOpen, row: screen.getByTestId('report-row'), card: screen.getByTestId('report-card') };
}

describe('the reports list', () => {
  it('offers a visible Details action on a completed report, beside Preview and Download', async () => {
    const { onOpen, row, card } = renderList();
    for (const place of [row, card]) {
      expect(within(place).getByRole('button', { name: 'Details of Crop disease sensor patch' }).textContent).toBe('Details');
      expect(within(place).getByRole('button', { name: 'Preview Crop disease sensor patch' })).toBeTruthy();
      expect(within(place).getByRole('button', { name: 'Download Crop disease sensor patch' })).toBeTruthy();
    }
    await userEvent.click(within(row).getByRole('button', { name: 'Details of Crop disease sensor patch' }));
    expect(onOpen).toHaveBeenCalledWith(completed);
  });

  it('shows when a report was created, with the time', () => {
    const { row, card } = renderList();
    const when = formatDateTime(completed.created_at);
    expect(when).toMatch(/\d{1,2}:\d{2}/);
    expect(row.textContent).toContain(when);
    expect(card.textContent).toContain(when);
  });
});
