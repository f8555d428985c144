import {
  accountExportLinkQuery,
  accountExportParams,
  accountExportResponse,
  deleteAccountRequest,
  deleteAccountResponse,
  notificationPreferences,
} from '../schemas/account.ts';
import { messageResponse } from '../schemas/auth.ts';
import { updateMeRequest, userSchema } from '../schemas/users.ts';
import { endpoint } from './endpoint.ts';

const tags = ['users'];

/** The signed-in member's own account. */
export const usersEndpoints = {
  me: endpoint({ method: 'GET', path: '/users/me', auth: 'member', tags, responses: { 200: userSchema } }),
  updateMe: endpoint({ method: 'PATCH', path: '/users/me', auth: 'member', tags, body: updateMeRequest, responses: { 200: userSchema } }),
  exportData: endpoint({
    method: 'POST',
    path: '/users/me/exports',
    auth: 'member',
    tags,
    responses: { 202: accountExportResponse },
    description:
      'Starts building a zip of the profile, purchases, invoices, credit notes, token ledger and reports with their PDFs; ' +
      'a link to it is emailed when it is ready.',
  }),
  exportFile: endpoint({
    method: 'GET',
    path: '/users/me/exports/:id',
    auth: 'member',
    tags,
    params: accountExportParams,
    produces: 'application/zip',
    description: 'A finished export, to its owner (404 to anyone else, or once it has expired).',
  }),
  exportLink: endpoint({
    method: 'GET',
    path: '/account-exports/:id',
    auth: 'public',
    tags,
    params: accountExportParams,
    query: accountExportLinkQuery,
    produces: 'application/zip',
    description: 'The emailed link to a finished export: works without signing in, with the key it carries, until it expires.',
  }),
  deletionCode: endpoint({
    method: 'POST',
    path: '/users/me/deletion-code',
    auth: 'member',
    tags,
    responses: { 200: messageResponse },
    description: 'Emails a code that confirms deleting an account that signs in with Google.',
  }),
  deleteMe: endpoint({
    method: 'DELETE',
    path: '/users/me',
    auth: 'member',
    tags,
    body: deleteAccountRequest,
    responses: { 200: deleteAccountResponse },
  }),
  notificationPreferences: endpoint({
    method: 'GET',
    path: '/users/me/notification-preferences',
    auth: 'member',
    tags,
    responses: { 200: notificationPreferences },
  }),
  saveNotificationPreferences: endpoint({
    method: 'PUT',
    path: '/users/me/notification-preferences',
    auth: 'member',
    tags,
    body: notificationPreferences,
    responses: { 200: notificationPreferences },
  }),
};
