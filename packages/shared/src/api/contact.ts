import { z } from 'zod';
import { messageResponse } from '../schemas/auth.ts';
import {
  contactExportQuery,
  contactHandledBody,
  contactSubmissionParams,
  contactRequest,
  contactResponse,
  contactSubmissionSchema,
  contactSubmissionsQuery,
} from '../schemas/contact.ts';
import { endpoint } from './endpoint.ts';

const tags = ['contact'];

/** The contact forms, and the operators' view of what they received. */
export const contactEndpoints = {
  submit: endpoint({
    method: 'POST',
    path: '/contact',
    auth: 'public',
    tags,
    description: 'Both contact forms. `reason` is optional (the RTTP form omits it). Limited per client address.',
    body: contactRequest,
    responses: { 200: contactResponse },
  }),
  submissions: endpoint({
    method: 'GET',
    path: '/contact/submissions',
    auth: 'operator',
    tags,
    description:
      'Newest first, one page (at most `limit`): by `page`, or after `cursor` (from X-Next-Cursor). Filters: q (name, email, message), from/to (YYYY-MM-DD, inclusive). X-Total-Count (X-Total-Count-Capped when a lower bound).',
    query: contactSubmissionsQuery,
    responses: { 200: z.array(contactSubmissionSchema) },
  }),
  export: endpoint({
    method: 'GET',
    path: '/contact/export',
    auth: 'operator',
    tags,
    description: 'The (filtered) submissions as a CSV file.',
    query: contactExportQuery,
    produces: 'text/csv',
  }),
  setHandled: endpoint({
    method: 'POST',
    path: '/contact/submissions/:id/handled',
    auth: 'operator',
    tags,
    description:
      'Marks a submission handled (`handled: true`, with the operator and time) or open again; recorded in the audit log. An unknown id is a 404.',
    params: contactSubmissionParams,
    body: contactHandledBody,
    responses: { 200: contactSubmissionSchema },
  }),
  erase: endpoint({
    method: 'DELETE',
    path: '/contact/submissions/:id',
    auth: 'operator',
    tags,
    description:
      'Erases a submission for good (a sender asked to be forgotten, or spam); the audit log keeps that it happened, not what it said. An unknown id is a 404.',
    params: contactSubmissionParams,
    responses: { 200: messageResponse },
  }),
};
