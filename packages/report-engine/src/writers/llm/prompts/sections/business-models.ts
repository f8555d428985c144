import type { SectionPrompt } from '../types.ts';

export const businessModelsPrompt: SectionPrompt = {
  key: 'business_models',
  version: '1.0.0',
  brief: `## The reader's question
Which revenue models fit, compared.

## Must cover
- 3-5 models (product sale, licence/royalty, subscription/SaaS, service/outcome-based, consumables) applied to this idea.
- Compare on capital need, margin, scalability, customer preference and fit with the channel.

## Output
- A table "Model | How money is made here | Capital need | Margin profile | Fit".
- "confidence": in the preferred model.

## Do not invent
No prices or royalty rates as facts.

## Close with
Test the preferred model with buyers (pricing interviews or a paid pilot).`,
};
