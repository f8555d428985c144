/** One brief per section, keyed by the catalogue key. */
import type { SectionKey } from '@assay/shared';
import type { SectionPrompt } from './types.ts';
import { executiveSummaryPrompt } from './sections/executive-summary.ts';
import { problemPrompt } from './sections/problem.ts';
import { technologyPrompt } from './sections/technology.ts';
import { benefitsPrompt } from './sections/benefits.ts';
import { applicationsPrompt } from './sections/applications.ts';
import { ipSnapshotPrompt } from './sections/ip-snapshot.ts';
import { nextStepsPrompt } from './sections/next-steps.ts';
import { expandedSummaryPrompt } from './sections/expanded-summary.ts';
import { fitPrompt } from './sections/fit.ts';
import { feasibilityPrompt } from './sections/feasibility.ts';
import { ipSummaryPrompt } from './sections/ip-summary.ts';
import { marketSignalsPrompt } from './sections/market-signals.ts';
import { competitorsPrompt } from './sections/competitors.ts';
import { regulatoryPrompt } from './sections/regulatory.ts';
import { risksPrompt } from './sections/risks.ts';
import { businessCasePrompt } from './sections/business-case.ts';
import { technologyDescriptionPrompt } from './sections/technology-description.ts';
import { marketCompetitionPrompt } from './sections/market-competition.ts';
import { trlChallengesPrompt } from './sections/trl-challenges.ts';
import { detailedIpPrompt } from './sections/detailed-ip.ts';
import { regulatoryPathwaysPrompt } from './sections/regulatory-pathways.ts';
import { commercialisationOptionsPrompt } from './sections/commercialisation-options.ts';
import { financialEstimatesPrompt } from './sections/financial-estimates.ts';
import { goToMarketPrompt } from './sections/go-to-market.ts';
import { claimsAnalysisPrompt } from './sections/claims-analysis.ts';
import { freedomToOperatePrompt } from './sections/freedom-to-operate.ts';
import { marketAnalysisPrompt } from './sections/market-analysis.ts';
import { businessModelsPrompt } from './sections/business-models.ts';
import { roi5YearPrompt } from './sections/roi-5-year.ts';
import { fundingStrategyPrompt } from './sections/funding-strategy.ts';
import { licensingExitPrompt } from './sections/licensing-exit.ts';
import { teamPartnersPrompt } from './sections/team-partners.ts';
import { roadmapPrompt } from './sections/roadmap.ts';
import { appendicesPrompt } from './sections/appendices.ts';

export const SECTION_PROMPTS: Record<SectionKey, SectionPrompt> = {
  executive_summary: executiveSummaryPrompt,
  problem: problemPrompt,
  technology: technologyPrompt,
  benefits: benefitsPrompt,
  applications: applicationsPrompt,
  ip_snapshot: ipSnapshotPrompt,
  next_steps: nextStepsPrompt,
  expanded_summary: expandedSummaryPrompt,
  fit: fitPrompt,
  feasibility: feasibilityPrompt,
  ip_summary: ipSummaryPrompt,
  market_signals: marketSignalsPrompt,
  competitors: competitorsPrompt,
  regulatory: regulatoryPrompt,
  risks: risksPrompt,
  business_case: businessCasePrompt,
  technology_description: technologyDescriptionPrompt,
  market_competition: marketCompetitionPrompt,
  trl_challenges: trlChallengesPrompt,
  detailed_ip: detailedIpPrompt,
  regulatory_pathways: regulatoryPathwaysPrompt,
  commercialisation_options: commercialisationOptionsPrompt,
  financial_estimates: financialEstimatesPrompt,
  go_to_market: goToMarketPrompt,
  claims_analysis: claimsAnalysisPrompt,
  freedom_to_operate: freedomToOperatePrompt,
  market_analysis: marketAnalysisPrompt,
  business_models: businessModelsPrompt,
  roi_5_year: roi5YearPrompt,
  funding_strategy: fundingStrategyPrompt,
  licensing_exit: licensingExitPrompt,
  team_partners: teamPartnersPrompt,
  roadmap: roadmapPrompt,
  appendices: appendicesPrompt,
};
