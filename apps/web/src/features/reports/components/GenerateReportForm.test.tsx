import { insufficientTokensDetail, MSG, type Report } from '@assay/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { balanceOf, json, recordOf, renderWithApp, SITE, stubApi, startedReport, understood, type Handler } from '../test-support.tsx';
import { GenerateReportForm } from './GenerateReportForm.tsx';

const IDEA = 'A low-cost sensor patch that detects early crop disease from leaf moisture patterns in the field.';

const report = (over: Partial<Report> = {}): Report => startedReport({ title: 'Crop disease sensor patch', idea: IDEA, ...over });

afterEach(() => {
  vi.unstubAllGlobals();
});

interface Setup {
  balance?: number;
  generate?: Handler;
  understand?: Handler;
  offline?: boolean;
}

function setup({ balance = 10_000, generate = () => json(201, report()), understand = () => understood(), offline = true }: Setup = {}) {
  const calls = stubApi({
    'GET /tokens/balance': () => balanceOf(balance),
    'GET /site-config': () => json(200, { ...SITE, report_writer: { offline } }),
    'POST /reports/understand': understand,
    'POST /reports/generate': generate,
  });
  const onStarted = vi.fn();
  const onInsufficient = vi.fn();
  const user = userEvent.setup();
  renderWithApp(<GenerateReportForm balance={balance} onStarted={onStarted} onInsufficient={onInsufficient} />);
  const posts = () => calls.filter((c) => c.method === 'POST');
  const generated = () => calls.filter((c) => c.method === 'POST' && c.path === '/reports/generate');
  return { calls, posts, generated, onStarted, onInsufficient, user };
}

const submit = () => screen.getByRole('button', { name: 'Generate Report' });
const idea = () => screen.getByLabelText('Describe your technology idea');
const confirmButton = () => screen.getByRole('button', { name: 'Confirm and generate' });

describe('the generate report form', () => {
  it('asks for a complexity and an idea when submitted empty, and sends nothing', async () => {
    const { posts, user } = setup();
    await user.click(submit());
    expect(await screen.findByText(MSG.complexityRequired)).toBeTruthy();
    expect(screen.getByText(MSG.ideaRequired)).toBeTruthy();
    expect(idea().getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toHaveLength(0);
  });

  it('shows a live character count toward 50 and says a short idea is too short', async () => {
    const { posts, user } = setup();
    expect(screen.getByTestId('idea-count').textContent).toBe('0 characters · minimum 50 (50 more needed)');
    await user.click(screen.getByLabelText(/Advanced/));
    await user.type(idea(), 'A solar kettle');
    expect(screen.getByTestId('idea-count').textContent).toBe('14 characters · minimum 50 (36 more needed)');
    await user.click(submit());
    expect(await screen.findByText(MSG.ideaMin)).toBeTruthy();
    expect(screen.queryByText(MSG.complexityRequired)).toBeNull();
    expect(posts()).toHaveLength(0);

    await user.paste(' that boils water with a parabolic mirror and a heat store.');
    expect(screen.getByTestId('idea-count').textContent).toBe('73 characters · minimum 50 reached');
    // The error clears as soon as the idea is long enough.
    await waitFor(() => expect(screen.queryByText(MSG.ideaMin)).toBeNull());
  });

  it('asks for a complexity in words, not a developer message, when a chosen one is cleared', async () => {
    const { posts, user } = setup();
    const advanced = screen.getByLabelText(/Advanced/) as HTMLInputElement;
    await user.click(advanced);
    advanced.checked = false;
    fireEvent.change(advanced);
    await user.click(idea());
    await user.paste(IDEA);
    await user.click(submit());
    expect(await screen.findByText(MSG.complexityRequired)).toBeTruthy();
    expect(screen.queryByText(/Invalid option/)).toBeNull();
    expect(posts()).toHaveLength(0);
  });

  it('says so when a paste is cut at 10,000 characters', async () => {
    const { user } = setup();
    await user.click(idea());
    await user.paste('x'.repeat(10_500));
    expect((idea() as HTMLTextAreaElement).value).toHaveLength(10_000);
    expect(screen.getByRole('status').textContent).toBe(MSG.ideaCut);
    expect(idea().getAttribute('aria-describedby')).toContain('-cut');
  });

  it('says when a package is held for a pending refund, and not otherwise', async () => {
    stubApi({
      'GET /tokens/balance': () => balanceOf(2500, 10_000),
      'GET /site-config': () => json(200, { ...SITE, report_writer: { offline: true } }),
    });
    const { unmount } = renderWithApp(
      <GenerateReportForm balance={2500} refundPendingTokens={10_000} onStarted={vi.fn()} onInsufficient={vi.fn()} />,
    );
    expect(screen.getByTestId('refund-held-note').textContent).toMatch(/^10,000 more tokens are held while your refund request is pending/);
    unmount();
    setup();
    expect(screen.queryByTestId('refund-held-note')).toBeNull();
  });

  it('shows each tier’s cost and section count', () => {
    setup();
    expect(screen.getByLabelText(/Basic/).closest('label')!.textContent).toMatch(/2,500 tokens.*15 sections/);
    expect(screen.getByLabelText(/Advanced/).closest('label')!.textContent).toMatch(/7,500 tokens.*24 sections · adds 9/);
    expect(screen.getByLabelText(/Comprehensive/).closest('label')!.textContent).toMatch(/9,000 tokens.*34 sections · adds 10/);
  });

  it('reads the idea, and starts the report with the confirmed record and an Idempotency-Key when the balance covers it', async () => {
    const { posts, onStarted, user } = setup({ balance: 2500 });
    await user.click(screen.getByLabelText(/Basic/));
    await user.click(idea());
    await user.paste(IDEA);
    await user.click(submit());
    await screen.findByRole('heading', { name: 'What we understood' });
    // Reading spends nothing: no report yet.
    expect(posts().map((c) => c.path)).toEqual(['/reports/understand']);
    expect(posts()[0]!.body).toEqual({ idea: IDEA });
    await user.click(confirmButton());
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(expect.objectContaining({ id: 'r1' }), { idea: IDEA, complexity: 'basic' }));
    expect(posts()).toHaveLength(2);
    expect(posts()[1]!.body).toEqual({ idea: IDEA, complexity: 'basic', record: recordOf() });
    expect(posts()[1]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not call the server when the balance is below the cost: it says so and asks for tokens', async () => {
    const { calls, posts, onInsufficient, onStarted, user } = setup({ balance: 7000 });
    await user.click(screen.getByLabelText(/Advanced/));
    await user.click(idea());
    await user.paste(IDEA);
    await user.click(submit());
    await waitFor(() =>
      expect(onInsufficient).toHaveBeenCalledWith(
        { cost: 7500, balance: 7000, message: insufficientTokensDetail(7500, 7000) },
        { idea: IDEA, complexity: 'advanced' },
      ),
    );
    expect(onStarted).not.toHaveBeenCalled();
    expect(posts()).toHaveLength(0);
    // The balance was checked afresh at submit time.
    expect(calls.some((c) => c.method === 'GET' && c.path === '/tokens/balance')).toBe(true);
  });

  it('treats a 403 from the server like a short balance, and shows other errors’ detail', async () => {
    let status = 403;
    const { onInsufficient, user } = setup({
      balance: 9000,
      generate: () =>
        status === 403
          ? json(403, { detail: insufficientTokensDetail(9000, 100) })
          : json(422, { detail: 'Idea rejected', errors: { idea: 'Idea rejected' } }),
    });
    await user.click(screen.getByLabelText(/Comprehensive/));
    await user.click(idea());
    await user.paste(IDEA);
    await user.click(submit());
    await user.click(await screen.findByRole('button', { name: 'Confirm and generate' }));
    await waitFor(() =>
      expect(onInsufficient).toHaveBeenCalledWith(
        { cost: 9000, balance: 9000, message: insufficientTokensDetail(9000, 100) },
        { idea: IDEA, complexity: 'comprehensive' },
      ),
    );

    // A refused idea takes the member back to it, with the server's words at the field.
    status = 422;
    await user.click(confirmButton());
    expect((await screen.findAllByText('Idea rejected')).length).toBeGreaterThanOrEqual(1);
    expect(idea().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'What we understood' })).toBeNull();
  });
});
