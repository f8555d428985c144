import { deleteAccountRequest, deleteAccountResponse, notificationPreferences } from '../schemas/account.ts';
import { messageResponse } from '../schemas/auth.ts';
import { updateMeRequest, userSchema } from '../schemas/users.ts';
import { endpoint } from './endpoint.ts';

const tags = ['users'];

/** The signed-in member's own account. */
export const usersEndpoints = {
  me: endpoint({ method: 'GET', path: '/users/me', auth: 'member', tags, responses: { 200: userSchema } }),
  updateMe: endpoint({ method: 'PATCH', path: '/users/me', auth: 'member', tags, body: updateMeRequest, responses: { 200: userSchema } }),
  exportData: endpoint({
    method: 'GET', path: '/users/me/export', auth: 'member', tags, produces: 'application/zip',
    description: 'A zip of the profile, purchases, invoices, token ledger and reports with their PDFs, streamed.',
  }),
  deletionCode: endpoint({
    method: 'POST', path: '/users/me/deletion-code', auth: 'member', tags, responses: { 200: messageResponse },
    description: 'Emails a code that confirms deleting an account that signs in with Google.',
  }),
  deleteMe: endpoint({
    method: 'DELETE', path: '/users/me', auth: 'member', tags, body: deleteAccountRequest, responses: { 200: deleteAccountResponse },
  }),
  notificationPreferences: endpoint({
    method: 'GET', path: '/users/me/notification-preferences', auth: 'member', tags, responses: { 200: notificationPreferences },
  }),
  saveNotificationPreferences: endpoint({
    method: 'PUT', path: '/users/me/notification-preferences', auth: 'member', tags, body: notificationPreferences,
    responses: { 200: notificationPreferences },
  }),
};
