import type { Report } from '@assay/shared';
import type { Member } from './members.ts';
import type { TestApp } from './test-app.ts';

/** The environment that points the app's report writer at a fake model server on loopback. */
export const modelEnv = (llm: { baseUrl: string }, timeoutMs = 5000) => ({
  LLM_PROVIDER: 'openai-compatible',
  LLM_BASE_URL: llm.baseUrl,
  LLM_API_KEY: 'test-key',
  LLM_MODEL: 'fake-model',
  LLM_MAX_RETRIES: '0',
  LLM_TIMEOUT_MS: String(timeoutMs),
});

export const IDEA =
  'A biodegradable hydrogel wound dressing that releases silver ions on demand when a wound becomes infected, tested in a lab prototype.';

/** Starts a Basic report through the API and waits for the worker to finish it. */
export async function completedReport(t: TestApp, m: Member, timeoutMs = 60_000): Promise<Report> {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/reports/generate',
    headers: m.auth,
    payload: { idea: IDEA, complexity: 'basic' },
  });
  const id = started.json<Report>().id;
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = (await t.app.inject({ method: 'GET', url: `/api/reports/${id}`, headers: m.auth })).json<Report>();
    if (r.status !== 'processing') return r;
    if (Date.now() > end) throw new Error('report still processing');
    await new Promise((res) => setTimeout(res, 200));
  }
}
