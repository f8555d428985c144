/**
 * The report-quality measure over the corpus (issue 24, part 6): the tuning set and the holdout,
 * each measured apart, on Basic and Comprehensive reports.
 *
 *   npm run eval:reports                       both sets, Basic and Comprehensive, offline analyst
 *   npm run eval:reports -- --write            …and written into docs/report-quality.md (between its markers)
 *   npm run eval:reports -- --split=holdout    one set only (tuning | holdout)
 *   npm run eval:reports -- --tier=advanced    other tiers (basic | advanced | comprehensive, comma-separated)
 *   npm run eval:reports -- --only a,b         only these corpus ids (the shared share is then among them only)
 *   npm run eval:reports -- --llm              against the configured model (LLM_PROVIDER, LLM_BASE_URL,
 *                                              LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS, LLM_STREAM,
 *                                              LLM_STRUCTURED_OUTPUT)
 *
 * The engine is never tuned on the holdout (corpus/README.md). Exits 1 when a set fails a threshold.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createLlm, type LlmConfigInput, type StructuredLlm } from '../src/index.ts';
import { loadEvalItems } from '../src/eval/corpus.ts';
import { evaluateSet, failures, toMarkdown, type EvalTier } from '../src/eval/evaluate.ts';

const DOC = fileURLToPath(new URL('../../../docs/report-quality.md', import.meta.url));

function llmFromEnv(): StructuredLlm {
  const env = process.env;
  const provider = env.LLM_PROVIDER;
  if (provider !== 'openai-compatible' && provider !== 'anthropic') {
    throw new Error(
      '--llm needs LLM_PROVIDER=openai-compatible|anthropic (and LLM_MODEL, LLM_BASE_URL / LLM_API_KEY as the provider needs)',
    );
  }
  const llm = createLlm({
    provider,
    baseUrl: env.LLM_BASE_URL || undefined,
    apiKey: env.LLM_API_KEY || undefined,
    model: env.LLM_MODEL || undefined,
    timeoutMs: env.LLM_TIMEOUT_MS ? Number(env.LLM_TIMEOUT_MS) : undefined,
    stream: env.LLM_STREAM === 'true' || env.LLM_STREAM === '1',
    structuredOutput: (env.LLM_STRUCTURED_OUTPUT || undefined) as LlmConfigInput['structuredOutput'],
  });
  if (!llm) throw new Error('--llm: the configuration gives no model');
  return llm;
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

const arg = (name: string) =>
  process.argv
    .slice(2)
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const useLlm = args.includes('--llm');
  const only = args.includes('--only') ? (args[args.indexOf('--only') + 1] ?? '').split(',').filter(Boolean) : null;
  const tiers = (arg('tier') ?? 'basic,comprehensive').split(',') as EvalTier[];
  for (const t of tiers)
    if (!['basic', 'advanced', 'comprehensive'].includes(t)) throw new Error(`--tier: basic, advanced or comprehensive, not "${t}"`);
  const splits = arg('split') ? [arg('split') as 'tuning' | 'holdout'] : (['tuning', 'holdout'] as const);
  const llm = useLlm ? llmFromEnv() : null;
  let failed = false;
  for (const split of splits) {
    let items = loadEvalItems(split);
    if (only) items = items.filter((i) => only.includes(i.id));
    const run = await evaluateSet({
      items,
      split,
      tiers,
      llm,
      onItem: (id, tier, ms) => console.error(`  ${split} ${id} ${tier}: ${(ms / 1000).toFixed(1)} s`),
    });
    const flags = [
      ...(useLlm ? ['--llm'] : []),
      `--split=${split}`,
      ...(arg('tier') ? [`--tier=${arg('tier')}`] : []),
      ...(only ? ['--only', only.join(',')] : []),
    ];
    const text = [
      `Command: \`npm run eval:reports -- ${flags.join(' ')}\` — run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
      '',
      toMarkdown(run),
    ].join('\n');
    console.log(text, '\n');
    if (args.includes('--write') && !only) writeDoc(`eval-${useLlm ? 'llm' : 'offline'}-${split}`, text);
    if (failures(run).length > 0) failed = true;
  }
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 2;
});
