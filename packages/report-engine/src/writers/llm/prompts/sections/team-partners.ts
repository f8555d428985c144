import type { SectionPrompt } from '../types.ts';

export const teamPartnersPrompt: SectionPrompt = {
  key: 'team_partners',
  version: '1.0.0',
  brief: `## The reader's question
Skills needed, gaps, partners to approach by type.

## Must cover
- Skills needed to reach the next TRL and first revenue: technical, regulatory, commercial, IP, finance.
- Likely gaps given what the idea reveals, and how to fill them (hire, advisor, partner, contract research).
- Partner types: universities or research labs, test laboratories, contract manufacturers, pilot customers, channel partners.

## Output
- A table "Capability | Needed for | Gap? | How to fill".
- "confidence": in the team assessment (limited by what the record states).

## Do not invent
No names of people or organisations.

## Close with
The first hire or advisor to secure and the partner to approach first.`,
};
