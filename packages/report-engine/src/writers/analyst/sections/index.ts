import type { SectionKey } from '@assay/shared';
import type { SectionBody } from '../../../content/report-content.ts';
import { businessCase, businessModels, competitors, fit, goToMarket, marketAnalysis, marketCompetition, marketSignals } from './market.ts';
import { claimsAnalysis, detailedIp, freedomToOperate, ipSnapshot, ipSummary } from './ip.ts';
import { applications, benefits, executiveSummary, expandedSummary, nextSteps, problem, technology } from './overview.ts';
import { financialEstimates, fundingStrategy, licensingExit, roi5Year } from './finance.ts';
import { appendices, commercialisationOptions, roadmap, teamPartners } from './plan.ts';
import { regulatory, regulatoryPathways } from './regulatory.ts';
import { risks } from './risk.ts';
import type { SectionInput } from './section-input.ts';
import { feasibility, technologyDescription, trlChallenges } from './technical.ts';

export type { SectionInput } from './section-input.ts';

/** One composer per section of the catalogue (packages/shared/src/report-sections.ts). */
export const SECTIONS: Record<SectionKey, (input: SectionInput) => SectionBody> = {
  executive_summary: executiveSummary,
  problem,
  technology,
  benefits,
  applications,
  ip_snapshot: ipSnapshot,
  next_steps: nextSteps,
  expanded_summary: expandedSummary,
  fit,
  feasibility,
  ip_summary: ipSummary,
  market_signals: marketSignals,
  competitors,
  regulatory,
  risks,
  business_case: businessCase,
  technology_description: technologyDescription,
  market_competition: marketCompetition,
  trl_challenges: trlChallenges,
  detailed_ip: detailedIp,
  regulatory_pathways: regulatoryPathways,
  commercialisation_options: commercialisationOptions,
  financial_estimates: financialEstimates,
  go_to_market: goToMarket,
  claims_analysis: claimsAnalysis,
  freedom_to_operate: freedomToOperate,
  market_analysis: marketAnalysis,
  business_models: businessModels,
  roi_5_year: roi5Year,
  funding_strategy: fundingStrategy,
  licensing_exit: licensingExit,
  team_partners: teamPartners,
  roadmap,
  appendices,
};
