import { MSG, type InventionRecord, type Report } from '@assay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { balanceOf, json, recordOf, renderWithApp, SITE, stubApi, startedReport, understood, type Handler } from '../test-support.tsx';
import { GenerateReportForm } from './GenerateReportForm.tsx';

const IDEA =
  'LeafSense patch: a low-cost sensor patch that detects early crop disease from leaf moisture patterns. We have validated it in the lab (TRL 4).';

const started = (over: Partial<Report> = {}): Report =>
  startedReport({ title: 'LeafSense patch', idea: IDEA, record_confirmed: true, ...over });

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup({ understand = () => understood(), offline = true }: { understand?: Handler; offline?: boolean } = {}) {
  const calls = stubApi({
    'GET /tokens/balance': () => balanceOf(10_000),
    'GET /site-config': () => json(200, { ...SITE, report_writer: { offline } }),
    'POST /reports/understand': (c) => understand(c),
    'POST /reports/generate': () => json(201, started()),
  });
  const onStarted = vi.fn();
  const user = userEvent.setup();
  renderWithApp(<GenerateReportForm balance={10_000} onStarted={onStarted} onInsufficient={vi.fn()} />);
  const reads = () => calls.filter((c) => c.method === 'POST' && c.path === '/reports/understand');
  const generated = () => calls.filter((c) => c.method === 'POST' && c.path === '/reports/generate');
  const sentRecord = () => (generated().at(-1)!.body as { record: InventionRecord }).record;
  return { calls, reads, generated, sentRecord, onStarted, user };
}

const ideaBox = () => screen.getByLabelText('Describe your technology idea') as HTMLTextAreaElement;
const step = () => screen.getByRole('form', { name: 'What we understood' });
const confirm = () => screen.getByRole('button', { name: 'Confirm and generate' });

async function readIdea(user: ReturnType<typeof userEvent.setup>, idea = IDEA) {
  await user.click(screen.getByLabelText(/Basic/));
  await user.click(ideaBox());
  await user.clear(ideaBox());
  await user.paste(idea);
  await user.click(screen.getByRole('button', { name: 'Generate Report' }));
  return screen.findByRole('heading', { name: 'What we understood' });
}

describe('"What we understood", between Generate and the token hold', () => {
  it('shows the record as read, in labelled fields, with the stated sentence quoted, and takes focus', async () => {
    const { user, generated } = setup();
    const heading = await readIdea(user);
    // Focus moves in an effect after the step renders: wait for it rather than race it.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const form = within(step());
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('LeafSense patch');
    expect((form.getByLabelText('What it is') as HTMLInputElement).value).toMatch(/sensor patch/);
    expect((form.getByLabelText('Field') as HTMLSelectElement).value).toBe('agriculture_food');
    expect(form.getByText('Our best guess: please check it.')).toBeTruthy();
    expect((form.getByLabelText('Feature 1') as HTMLInputElement).value).toBe('moisture electrodes printed on a flexible film');
    expect((form.getByLabelText('Stage (technology readiness level)') as HTMLSelectElement).value).toBe('4');
    expect(form.getByText('“We have validated it in the lab (TRL 4).”')).toBeTruthy();
    expect((form.getByLabelText('Patent status') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Filed (patent pending)');
    expect((form.getByLabelText('Number 1') as HTMLInputElement).value).toBe('US 63/123,456');
    expect((form.getByLabelText('Owner or licensor') as HTMLInputElement).value).toBe('Green Acre Labs');
    expect((form.getByLabelText('Application 1') as HTMLInputElement).value).toBe('smallholder farms');
    expect(form.getByText('None named.', { selector: 'p' })).toBeTruthy(); // no licensees
    const figure = within(form.getByRole('group', { name: 'Figure 1' }));
    expect((figure.getByLabelText('Number') as HTMLInputElement).value).toBe('500');
    expect((figure.getByLabelText('What it counts') as HTMLInputElement).value).toBe('smallholder farms worldwide');
    // The field offers every field of the engine and "Not sure".
    const options = [...(form.getByLabelText('Field') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toContain('Test and measurement');
    expect(options.at(-1)).toBe('Not sure');
    expect(form.getByText(/Basic report/).textContent).toMatch(/2,500 tokens · you have 10,000/);
    expect(generated()).toHaveLength(0);
  });

  it('sends what the member edited: name, field, stage, lists and figures, as facts they stated', async () => {
    const { user, sentRecord, onStarted } = setup();
    await readIdea(user);
    const form = within(step());
    await user.clear(form.getByLabelText('Name'));
    await user.type(form.getByLabelText('Name'), 'LeafSense Pro');
    await user.selectOptions(form.getByLabelText('Field'), 'Diagnostics');
    await user.selectOptions(form.getByLabelText('Stage (technology readiness level)'), '6');
    // The quote no longer backs the level the member chose.
    expect(form.queryByText('“We have validated it in the lab (TRL 4).”')).toBeNull();
    await user.selectOptions(form.getByLabelText('Patent status'), 'Granted');
    await user.click(form.getByRole('button', { name: 'Remove feature 1' }));
    // Focus passes to the row that moved into the removed one's place.
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Feature 1')));
    await user.click(form.getByRole('button', { name: 'Add licensee' }));
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Licensee 1')));
    await user.type(form.getByLabelText('Licensee 1'), 'agritech sensor makers');
    await user.click(form.getByRole('button', { name: 'Add application' }));
    // An empty row is dropped, not sent.
    const figure = within(form.getByRole('group', { name: 'Figure 1' }));
    await user.clear(figure.getByLabelText('Number'));
    await user.type(figure.getByLabelText('Number'), '1,200');
    await user.click(confirm());
    await waitFor(() => expect(onStarted).toHaveBeenCalled());

    const record = sentRecord();
    expect(record.name).toBe('LeafSense Pro');
    expect(record.name_stated).toBe(true);
    expect(record.field).toBe('diagnostics');
    expect(record.field_confidence).toBe('high');
    expect(record.stage).toEqual({ trl: 6, stated_text: null, label: null });
    expect(record.ip).toEqual({ status: 'granted', numbers: ['US 63/123,456'], owner: 'Green Acre Labs', stated_text: null });
    expect(record.features).toEqual(['a low-power radio']);
    expect(record.licensees).toEqual(['agritech sensor makers']);
    expect(record.applications).toEqual(['smallholder farms']);
    expect(record.figures).toEqual([
      { value: 1200, value_max: null, unit: 'million', what: 'smallholder farms worldwide', stated_text: '' },
    ]);
    // What the form does not show rides along unchanged.
    expect(record.unknowns).toEqual(recordOf().unknowns);
  });

  it('"Not stated" sends no stage, and "Not sure" an uncertain field', async () => {
    const { user, sentRecord, onStarted } = setup();
    await readIdea(user);
    const form = within(step());
    await user.selectOptions(form.getByLabelText('Stage (technology readiness level)'), 'Not stated');
    expect(form.getByText(/Not stated in your idea: the report estimates it/)).toBeTruthy();
    await user.selectOptions(form.getByLabelText('Field'), 'Not sure');
    await user.click(confirm());
    await waitFor(() => expect(onStarted).toHaveBeenCalled());
    expect(sentRecord().stage.trl).toBeNull();
    expect(sentRecord().field).toBe('uncertain');
    expect(sentRecord().field_confidence).toBe('low');
  });

  it('will not confirm without a name or with a figure that is not a number: it says where, and sends nothing', async () => {
    const { user, generated } = setup();
    await readIdea(user);
    const form = within(step());
    await user.clear(form.getByLabelText('Name'));
    const figure = within(form.getByRole('group', { name: 'Figure 1' }));
    await user.clear(figure.getByLabelText('Number'));
    await user.type(figure.getByLabelText('Number'), 'about half');
    await user.click(confirm());
    expect(await form.findByText('Please give the invention a name')).toBeTruthy();
    expect(figure.getByText('Please enter a number, e.g. 1200 or 0.5')).toBeTruthy();
    expect(form.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Name')));
    expect(generated()).toHaveLength(0);
  });

  it('does not start a paid report when Enter is pressed in a field', async () => {
    const { user, generated } = setup();
    await readIdea(user);
    await user.type(within(step()).getByLabelText('Name'), '{Enter}');
    expect(generated()).toHaveLength(0);
    expect(step()).toBeTruthy();
  });

  it('Back keeps the idea and the edits; the same idea is not read twice, a changed one is', async () => {
    const { user, reads } = setup();
    await readIdea(user);
    await user.clear(within(step()).getByLabelText('Name'));
    await user.type(within(step()).getByLabelText('Name'), 'My own name');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('form', { name: 'What we understood' })).toBeNull();
    expect(ideaBox().value).toBe(IDEA);
    await waitFor(() => expect(document.activeElement).toBe(ideaBox()));

    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    await screen.findByRole('heading', { name: 'What we understood' });
    expect((within(step()).getByLabelText('Name') as HTMLInputElement).value).toBe('My own name');
    expect(reads()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await readIdea(user, `${IDEA} It also runs on a coin cell for a season.`);
    expect(reads()).toHaveLength(2);
    expect((within(step()).getByLabelText('Name') as HTMLInputElement).value).toBe('LeafSense patch');
  });

  it('shows that it is reading, and lets the member go back while it does', async () => {
    let answer!: (r: Response) => void;
    const { user } = setup({ understand: () => new Promise<Response>((r) => (answer = r)) });
    await user.click(screen.getByLabelText(/Basic/));
    await user.click(ideaBox());
    await user.paste(IDEA);
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    const reading = await screen.findByRole('heading', { name: 'Reading your idea…' });
    await waitFor(() => expect(document.activeElement).toBe(reading));
    expect(screen.getByText(/Nothing is charged/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(ideaBox().value).toBe(IDEA);
    // A late answer does not pull the member into the step they left.
    answer(understood());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: 'What we understood' })).toBeNull();
  });

  it('says when the member asked too often (429), and tries again on request', async () => {
    let limited = true;
    const { user, reads } = setup({
      understand: () => (limited ? json(429, { detail: MSG.tooManyUnderstandRequests }, { 'retry-after': '120' }) : understood()),
    });
    await user.click(screen.getByLabelText(/Basic/));
    await user.click(ideaBox());
    await user.paste(IDEA);
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    const heading = await screen.findByRole('heading', { name: 'We could not read your idea' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('alert').textContent).toBe(MSG.tooManyUnderstandRequests);
    expect(screen.getByText('No tokens were used.')).toBeTruthy();
    limited = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'What we understood' });
    expect(reads().length).toBeGreaterThanOrEqual(2);
  });

  it('a server failure reads as "try again", and Back returns to the idea', async () => {
    const { user } = setup({ understand: () => json(503, { detail: 'upstream model timed out' }) });
    await user.click(screen.getByLabelText(/Basic/));
    await user.click(ideaBox());
    await user.paste(IDEA);
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    await screen.findByRole('heading', { name: 'We could not read your idea' });
    expect(screen.getByRole('alert').textContent).toBe(MSG.understandFailed);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(ideaBox().value).toBe(IDEA);
  });
});

describe('who writes, said before tokens are spent', () => {
  it('offline: the form says the offline analyst writes, and the privacy note names no AI provider', async () => {
    setup({ offline: true });
    expect(await screen.findByTestId('writer-note')).toBeTruthy();
    expect(screen.getByTestId('writer-note').textContent).toMatch(/Written by the offline analyst.*not by an AI model/);
    await waitFor(() => expect(screen.getByText(/Your idea stays private/).closest('p')!.textContent).not.toMatch(/AI provider we use/));
  });

  it('with a model: no offline note, and the privacy note speaks of the AI provider', async () => {
    const { user } = setup({ offline: false, understand: () => understood(recordOf(), false) });
    await waitFor(() =>
      expect(screen.getByText(/Your idea stays private/).closest('p')!.textContent).toMatch(
        /AI provider we use is configured not to train/,
      ),
    );
    expect(screen.queryByTestId('writer-note')).toBeNull();
    await readIdea(user);
    expect(screen.queryByTestId('writer-note')).toBeNull();
  });
});
