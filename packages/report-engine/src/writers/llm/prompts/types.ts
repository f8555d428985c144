import type { SectionKey } from '@assay/shared';

/** The analyst's brief for one section. `version` changes whenever the wording changes. */
export interface SectionPrompt {
  key: SectionKey;
  version: string;
  /** Markdown: what the section must answer, what evidence to use, what not to invent, how to close. */
  brief: string;
}
