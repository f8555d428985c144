import { z } from 'zod';
import { isCountryCode } from '../countries.ts';
import { secondFactorChallengeResponse } from './auth.ts';
import { expertMeView } from './experts.ts';
import { displayNameText, emailField, lineText, multiLineText, pathParam } from './fields.ts';
import { INVENTION_FIELD_IDS } from './invention-record.ts';
import { formatCount } from '../format.ts';

/**
 * Issue 28 §1 (docs/decisions/235-expert-two-factor-and-applications.md): experts' two-factor
 * sign-in, built from the members' pieces (decision 190), and applications to join the expert
 * network from the public site.
 */

export const EXPERT_ACCESS_MESSAGES = {
  enrolmentRequired: 'Turn on two-factor sign-in first: experts here use an authenticator app.',
  twoFactorRequired: 'Experts here must keep two-factor sign-in on.',
  applicationThanks: 'Thank you for applying. We read every application and will reply by e-mail.',
  applicationFailed: 'Your application could not be sent. Please try again.',
  applicationTooMany: 'Several applications were sent from here in a short time. Please wait a few minutes and try again.',
  applicationNotFound: 'This application does not exist.',
  applicationInvited: 'This applicant has already been invited.',
  applicationDeclined: 'This application has already been declined.',
  applicationEmailDiffers: 'The invitation must go to the e-mail address the applicant gave.',
} as const;

/** A right password for an expert with an app answers the members' challenge shape instead (decision 190). */
export const expertLoginResponse = z.union([expertMeView, secondFactorChallengeResponse]);
export type ExpertLoginResponse = z.infer<typeof expertLoginResponse>;

/** Profile of the expert's second factor, in the portal. */
export const expertSecurityView = z.object({
  totp_enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  /** EXPERT_REQUIRE_2FA: the operators require it, so it cannot be turned off. */
  required: z.boolean(),
});
export type ExpertSecurity = z.infer<typeof expertSecurityView>;

/* ---- Applications to join the expert network ---- */

export const EXPERT_APPLICATION_LIMITS = {
  nameMax: 120,
  languagesMax: 10,
  languageMax: 40,
  rttpMax: 60,
  statementMin: 20,
  statementMax: 2000,
} as const;
export const EXPERT_APPLICATION_STATES = ['pending', 'invited', 'declined'] as const;
export type ExpertApplicationState = (typeof EXPERT_APPLICATION_STATES)[number];
export const EXPERT_APPLICATION_STATE_LABELS: Record<ExpertApplicationState, string> = {
  pending: 'Waiting',
  invited: 'Invited',
  declined: 'Declined',
};

const L = EXPERT_APPLICATION_LIMITS;
/** Case-insensitively distinct, in the order given. */
const distinct = (items: string[]) => items.filter((v, i) => items.findIndex((w) => w.toLowerCase() === v.toLowerCase()) === i);

/** The public form (POST /expert-applications): every field bounded, messages for the visitor. */
export const expertApplicationRequest = z.object({
  name: displayNameText('Enter your name').trim().min(1, 'Enter your name').max(L.nameMax, `Keep your name to ${L.nameMax} characters`),
  email: emailField,
  fields: z
    .array(z.enum(INVENTION_FIELD_IDS, { error: 'Choose from the listed fields' }), { error: 'Choose at least one field of expertise' })
    .min(1, 'Choose at least one field of expertise')
    .max(INVENTION_FIELD_IDS.length, 'Choose from the listed fields')
    .transform((v) => [...new Set(v)]),
  languages: z
    .array(
      lineText().trim().min(1, 'Name the languages you review in').max(L.languageMax, `Keep each language to ${L.languageMax} characters`),
      {
        error: 'Name the languages you review in',
      },
    )
    .min(1, 'Name the languages you review in')
    .max(L.languagesMax, `Name at most ${L.languagesMax} languages`)
    .transform(distinct),
  country: lineText('Choose your country').trim().toUpperCase().refine(isCountryCode, 'Choose your country'),
  rttp_number: lineText('Enter your RTTP number')
    .trim()
    .min(1, 'Enter your RTTP number')
    .max(L.rttpMax, `Keep the RTTP number to ${L.rttpMax} characters`),
  statement: multiLineText('Tell us about your experience')
    .trim()
    .min(L.statementMin, `Tell us a little more about your experience (at least ${L.statementMin} characters)`)
    .max(L.statementMax, `Keep it to ${formatCount(L.statementMax)} characters`),
});
export type ExpertApplicationRequest = z.input<typeof expertApplicationRequest>;
export const expertApplicationResponse = z.object({ message: z.string() });

export const expertApplicationView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  fields: z.array(z.string()),
  languages: z.array(z.string()),
  country: z.string(),
  rttp_number: z.string(),
  statement: z.string(),
  state: z.enum(EXPERT_APPLICATION_STATES),
  /** An expert with this e-mail exists already: inviting is refused (409), declining is not. */
  already_expert: z.boolean(),
  /** The expert the invitation made (state 'invited'). */
  expert_id: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type ExpertApplicationView = z.infer<typeof expertApplicationView>;
export const expertApplicationListQuery = z.object({ state: z.enum(EXPERT_APPLICATION_STATES).optional() });
export const expertApplicationListResponse = z.object({ applications: z.array(expertApplicationView) });
export const expertApplicationParams = z.object({ id: pathParam(100) });
