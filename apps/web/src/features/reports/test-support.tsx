/** Helpers for this feature's component tests (not part of the app bundle). */
import { inventionRecord, type InventionRecord, type InventionRecordInput, type Report } from '@assay/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../../lib/query-client.ts';
import { json } from '../../test/http.ts';

export { json, stubApi, type Call, type Handler } from '../../test/http.ts';
export { SITE } from '../../test/site.ts';

/** An invention record as a writer might read one (defaults for what is not given). */
export const recordOf = (over: Partial<InventionRecordInput> = {}): InventionRecord =>
  inventionRecord.parse({
    name: 'LeafSense patch',
    name_stated: true,
    summary: 'A sensor patch that detects early crop disease from leaf moisture patterns',
    field: 'agriculture_food',
    field_confidence: 'medium',
    features: ['moisture electrodes printed on a flexible film', 'a low-power radio'],
    stage: { trl: 4, stated_text: 'We have validated it in the lab (TRL 4).', label: null },
    ip: { status: 'filed', numbers: ['US 63/123,456'], owner: 'Green Acre Labs' },
    applications: ['smallholder farms'],
    customers: ['farm cooperatives'],
    licensees: [],
    figures: [
      { value: 500, unit: 'million', what: 'smallholder farms worldwide', stated_text: 'There are 500 million smallholder farms.' },
    ],
    ...over,
  });

/** A report just started (queued, nothing written yet), as POST /reports/generate answers it. */
export const startedReport = (over: Partial<Report> = {}): Report => ({
  id: 'r1',
  title: 'LeafSense patch',
  idea: 'LeafSense patch: a low-cost sensor patch that detects early crop disease from leaf moisture patterns.',
  complexity: 'basic',
  status: 'processing',
  created_at: '2025-07-01T10:00:00.000Z',
  completed_at: null,
  tokens_used: 2500,
  pdf_url: null,
  content_preview: null,
  error_message: null,
  tokens_returned: false,
  progress: { stage: 'queued', sections_done: 0, sections_total: 15 },
  record: null,
  record_confirmed: false,
  version: 0,
  run_kind: 'generate',
  cancelled: false,
  ...over,
});

/** What POST /reports/understand answers. */
export const understood = (record: InventionRecord = recordOf(), offline = true) =>
  json(200, {
    record,
    writer: offline
      ? { offline: true, provider: 'offline', model: 'analyst-1' }
      : { offline: false, provider: 'openai-compatible', model: 'm-1' },
  });

/** GET /tokens/balance's answer; `refundPending` tokens are held for a pending refund (not spendable). */
export const balanceOf = (available: number, refundPending = 0) =>
  json(200, {
    available_tokens: available,
    paid_tokens: 0,
    bonus_tokens: available,
    held_tokens: 0,
    refund_pending_tokens: refundPending,
    next_expiry: null,
  });

export function renderWithApp(ui: ReactNode, { path = '/reports' }: { path?: string } = {}) {
  const client = createQueryClient();
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/reports" element={ui} />
          <Route path="/login-pricing" element={<h1>Token packages</h1>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, client };
}
