import { usersEndpoints, type DeleteAccountRequest } from '@assay/shared';
import { call } from '../../../lib/api.ts';

/** DELETE /users/me, confirmed by the password or the emailed code. */
export const deleteAccount = (body: DeleteAccountRequest) => call(usersEndpoints.deleteMe, { body });

/** POST /users/me/deletion-code: a Google account's confirmation code, by email. */
export const requestDeletionCode = () => call(usersEndpoints.deletionCode);
