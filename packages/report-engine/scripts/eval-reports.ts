/**
 * The report-quality measure over the corpus of real inventions (issue 13, part 5).
 *
 *   npm run eval:reports                 offline Basic reports, results printed
 *   npm run eval:reports -- --write      …and written into docs/report-quality.md (between its markers)
 *   npm run eval:reports -- --llm        against the configured model (LLM_PROVIDER, LLM_BASE_URL,
 *                                        LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS, LLM_STREAM), not offline
 *   npm run eval:reports -- --only a,b   only these corpus ids (the shared share is then among them only)
 *   npm run eval:reports -- --tier=advanced   another tier (basic | advanced | comprehensive); the
 *                                        thresholds are set on Basic, other tiers are for comparison
 *
 * Each invention is given as a member pastes a listing: its title on the first line, then its abstract.
 *
 * Exits 1 when a report fails a threshold (shared 8-gram share ≥ 25 %, or any other check not clean).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createLlm, type StructuredLlm } from '../src/index.ts';
import { loadCorpus } from '../src/eval/corpus.ts';
import { evaluateCorpus, failures, toMarkdown, type EvalRun, type EvalTier } from '../src/eval/evaluate.ts';

const DOC = fileURLToPath(new URL('../../../docs/report-quality.md', import.meta.url));

function llmFromEnv(): StructuredLlm {
  const env = process.env;
  const provider = env.LLM_PROVIDER;
  if (provider !== 'openai-compatible' && provider !== 'anthropic') {
    throw new Error('--llm needs LLM_PROVIDER=openai-compatible|anthropic (and LLM_MODEL, LLM_BASE_URL / LLM_API_KEY as the provider needs)');
  }
  const llm = createLlm({
    provider,
    baseUrl: env.LLM_BASE_URL || undefined,
    apiKey: env.LLM_API_KEY || undefined,
    model: env.LLM_MODEL || undefined,
    timeoutMs: env.LLM_TIMEOUT_MS ? Number(env.LLM_TIMEOUT_MS) : undefined,
    stream: env.LLM_STREAM === 'true' || env.LLM_STREAM === '1',
  });
  if (!llm) throw new Error('--llm: the configuration gives no model');
  return llm;
}

function block(run: EvalRun, command: string): string {
  const failing = run.results.map((r) => ({ id: r.id, f: failures(r) })).filter((x) => x.f.length > 0);
  return [
    `Command: \`${command}\` — run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, writer: ${run.writer}, ${run.tier.charAt(0).toUpperCase()}${run.tier.slice(1)} tier, title line + abstract, no evidence sources.`,
    '',
    toMarkdown(run),
    '',
    failing.length === 0 ? 'Every report meets the thresholds.' : 'Failing the thresholds:',
    '',
    ...failing.map((x) => `- **${x.id}**: ${x.f.join(' · ')}`),
  ].join('\n');
}

function writeDoc(marker: string, content: string): void {
  const start = `<!-- ${marker}:start -->`;
  const end = `<!-- ${marker}:end -->`;
  const doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '# Report quality\n';
  const re = new RegExp(`${start}[\\s\\S]*?${end}`);
  const section = `${start}\n${content}\n${end}`;
  writeFileSync(DOC, re.test(doc) ? doc.replace(re, section) : `${doc.trimEnd()}\n\n${section}\n`);
  console.log(`written to ${DOC} (${marker})`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const useLlm = args.includes('--llm');
  const only = args.includes('--only') ? (args[args.indexOf('--only') + 1] ?? '').split(',').filter(Boolean) : null;
  const tierArg = args.find((a) => a.startsWith('--tier='))?.slice('--tier='.length) ?? 'basic';
  if (!['basic', 'advanced', 'comprehensive'].includes(tierArg)) throw new Error(`--tier: basic, advanced or comprehensive, not "${tierArg}"`);
  const tier = tierArg as EvalTier;
  let inventions = loadCorpus();
  if (only) inventions = inventions.filter((i) => only.includes(i.id));
  const run = await evaluateCorpus({
    inventions,
    llm: useLlm ? llmFromEnv() : null,
    tier,
    onReport: (id, ms) => console.error(`  ${id}: ${(ms / 1000).toFixed(1)} s`),
  });
  const flags = [...(useLlm ? ['--llm'] : []), ...(tier !== 'basic' ? [`--tier=${tier}`] : []), ...(only ? ['--only', only.join(',')] : [])];
  const command = `npm run eval:reports${flags.length > 0 ? ` -- ${flags.join(' ')}` : ''}`;
  const text = block(run, command);
  console.log(text);
  if (args.includes('--write')) writeDoc(`eval-${useLlm ? 'llm' : 'offline'}${tier !== 'basic' ? `-${tier}` : ''}`, text);
  if (run.results.some((r) => failures(r).length > 0)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 2;
});
