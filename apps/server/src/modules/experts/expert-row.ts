import type { ExpertMe, ExpertView } from '@assay/shared';

/** An expert's row with its live load (reviews assigned or accepted, not yet resolved). */
export interface ExpertRow {
  id: string;
  email: string;
  name: string;
  fields: string[];
  languages: string[];
  country: string;
  rttp_number: string;
  rate_basic: number;
  rate_advanced: number;
  rate_comprehensive: number;
  capacity: number;
  paused: boolean;
  load: number;
  active: boolean;
  undertaking_accepted_at: Date | null;
  created_at: Date;
}

export const EXPERT_SELECT = `
  SELECT e.id, e.email, e.name, e.fields, e.languages, e.country, e.rttp_number, e.rate_basic, e.rate_advanced,
         e.rate_comprehensive, e.capacity, e.paused, e.password_hash IS NOT NULL AS active, e.undertaking_accepted_at, e.created_at,
         (SELECT count(*)::int FROM review_requests q WHERE q.expert_id = e.id AND q.state IN ('assigned', 'accepted')) AS load
    FROM experts e`;

export const toExpertView = (e: ExpertRow): ExpertView => ({
  id: e.id,
  email: e.email,
  name: e.name,
  fields: e.fields,
  languages: e.languages,
  country: e.country,
  rttp_number: e.rttp_number,
  rates: { basic: e.rate_basic, advanced: e.rate_advanced, comprehensive: e.rate_comprehensive },
  capacity: e.capacity,
  paused: e.paused,
  load: e.load,
  state: e.active ? 'active' : 'invited',
  undertaking_accepted: e.undertaking_accepted_at !== null,
  created_at: e.created_at.toISOString(),
});

/** `twoFactor`: whether the expert's app is on, and whether the portal waits for one (decision 235). */
export const toExpertMe = (e: ExpertRow, twoFactor: { totp_enabled: boolean; two_factor_required: boolean }): ExpertMe => ({
  id: e.id,
  name: e.name,
  email: e.email,
  rttp_number: e.rttp_number,
  paused: e.paused,
  undertaking_accepted: e.undertaking_accepted_at !== null,
  ...twoFactor,
});
