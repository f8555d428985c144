import type { AdminEvidenceSource } from '@assay/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCredentials } from '../lib/credentials.ts';
import { json, mockFetch, renderWithClient } from '../test-support.tsx';
import { EvidenceSources } from './EvidenceSources.tsx';

const base: AdminEvidenceSource = {
  source: 'patentsview',
  label: 'PatentsView (US patents and published applications)',
  today: { searches: 12, failures: 0, cache_hits: 5 },
  week: { searches: 80, failures: 2, cache_hits: 31 },
  last_ok_at: '2026-11-23T10:00:00Z',
  last_error: null,
  last_error_at: null,
  spent_until: null,
  probe: 'ok',
  probed_at: '2026-11-23T08:00:00Z',
};

beforeEach(() => void adminCredentials.save('ops', 'secret-password'));
afterEach(() => {
  adminCredentials.clear();
  vi.unstubAllGlobals();
});

describe('the prior-art sources on the dashboard', () => {
  it("shows each source's use today and this week, and a spent allowance with its last failure", async () => {
    mockFetch((_m, path) =>
      path === '/api/admin/evidence-sources'
        ? json(200, [
            base,
            {
              ...base,
              source: 'openalex',
              label: 'OpenAlex (scholarly works)',
              today: { searches: 4, failures: 4, cache_hits: 0 },
              last_error: "has used up today's allowance of this service's key (HTTP 429); searches resume after midnight UTC",
              last_error_at: '2026-11-23T11:00:00Z',
              spent_until: '2099-01-01T00:00:00Z',
            },
          ])
        : json(404, {}),
    );
    renderWithClient(<EvidenceSources />);
    const cards = await screen.findAllByTestId('evidence-source');
    expect(cards).toHaveLength(2);
    const pv = within(cards[0]!);
    expect(pv.getByText('Working')).toBeTruthy();
    expect(pv.getByText('12')).toBeTruthy();
    expect(pv.getByText('80 in 7 days')).toBeTruthy();
    expect(pv.getByText('accepted')).toBeTruthy();
    const oa = within(cards[1]!);
    expect(oa.getByText(/^Allowance spent until/)).toBeTruthy();
    expect(oa.getByText(/the service has used up today's allowance/)).toBeTruthy();
  });

  it('says plainly when no source is connected', async () => {
    mockFetch(() => json(200, []));
    renderWithClient(<EvidenceSources />);
    expect(await screen.findByText(/No patent or literature database is connected/)).toBeTruthy();
  });

  it('shows a refused key', async () => {
    mockFetch(() =>
      json(200, [
        {
          ...base,
          probe: 'refused',
          last_ok_at: null,
          last_error: 'rejected the search (HTTP 403)',
          last_error_at: '2026-11-23T08:00:00Z',
        },
      ]),
    );
    renderWithClient(<EvidenceSources />);
    expect(await screen.findByText('Key refused')).toBeTruthy();
  });
});
