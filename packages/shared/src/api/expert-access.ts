import {
  messageResponse,
  passwordConfirmRequest,
  recoveryCodesResponse,
  secondFactorRequest,
  totpEnableRequest,
  totpSetupResponse,
} from '../schemas/auth.ts';
import {
  expertApplicationListQuery,
  expertApplicationListResponse,
  expertApplicationParams,
  expertApplicationRequest,
  expertApplicationResponse,
  expertApplicationView,
  expertSecurityView,
} from '../schemas/expert-access.ts';
import { expertMeView } from '../schemas/experts.ts';
import { endpoint } from './endpoint.ts';

/**
 * Experts' two-factor sign-in (decision 235): the members' authenticator app and recovery codes
 * (decision 190) behind the expert portal's own session. Under /expert, so the session cookie
 * (path /api/expert) reaches them.
 */
export const expertSecurityEndpoints = {
  secondFactor: endpoint({
    method: 'POST',
    path: '/expert/login/second-factor',
    auth: 'public',
    tags: ['expert'],
    description:
      'Finishes an expert sign-in that answered second_factor_required: the challenge and a code from the app or a recovery code. Wrong codes count per expert and per address; a browser the expert signed in from before has its own budget.',
    body: secondFactorRequest,
    responses: { 200: expertMeView },
  }),
  security: endpoint({ method: 'GET', path: '/expert/security', auth: 'expert', tags: ['expert'], responses: { 200: expertSecurityView } }),
  totpSetup: endpoint({
    method: 'POST',
    path: '/expert/totp/setup',
    auth: 'expert',
    tags: ['expert'],
    description: 'A new authenticator secret and its QR code (asks for the password again); it counts once a code from it is typed.',
    body: passwordConfirmRequest,
    responses: { 200: totpSetupResponse },
  }),
  totpEnable: endpoint({
    method: 'POST',
    path: '/expert/totp/enable',
    auth: 'expert',
    tags: ['expert'],
    description: 'Turns two-factor sign-in on with a code from the app just set up; answers ten recovery codes, shown only here.',
    body: totpEnableRequest,
    responses: { 200: recoveryCodesResponse },
  }),
  totpDisable: endpoint({
    method: 'POST',
    path: '/expert/totp/disable',
    auth: 'expert',
    tags: ['expert'],
    description: 'Turns two-factor sign-in off (asks for the password again); refused (409) while the operators require it.',
    body: passwordConfirmRequest,
    responses: { 200: messageResponse },
  }),
  recoveryCodes: endpoint({
    method: 'POST',
    path: '/expert/recovery-codes',
    auth: 'expert',
    tags: ['expert'],
    description: 'Ten new recovery codes (asks for the password again); the old ones stop working.',
    body: passwordConfirmRequest,
    responses: { 200: recoveryCodesResponse },
  }),
} as const;

/**
 * Join as Expert (decision 235): the public application form, and the operators' list where an
 * application is invited (through POST /admin/experts with its `application_id`) or declined.
 */
export const expertApplicationsEndpoints = {
  submit: endpoint({
    method: 'POST',
    path: '/expert-applications',
    auth: 'public',
    tags: ['experts'],
    description:
      'Applies to join the expert network. Limited per client address like the contact form; a second application from an address whose first is still waiting changes nothing (same answer).',
    body: expertApplicationRequest,
    responses: { 201: expertApplicationResponse },
  }),
  list: endpoint({
    method: 'GET',
    path: '/admin/expert-applications',
    auth: 'operator',
    tags: ['admin'],
    description: 'Applications to join the expert network, waiting ones first, newest first (at most 200).',
    query: expertApplicationListQuery,
    responses: { 200: expertApplicationListResponse },
  }),
  decline: endpoint({
    method: 'POST',
    path: '/admin/expert-applications/:id/decline',
    auth: 'operator',
    tags: ['admin'],
    description:
      'Declines a waiting application and mails the applicant, once (a repeat answers the same and mails nothing; an invited one is a 409).',
    params: expertApplicationParams,
    responses: { 200: expertApplicationView },
  }),
} as const;
