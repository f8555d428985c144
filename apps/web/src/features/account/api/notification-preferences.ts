import { usersEndpoints, type NotificationPreferences } from '@assay/shared';
import { call } from '../../../lib/api.ts';

/** GET /users/me/notification-preferences. */
export const fetchNotificationPreferences = (signal?: AbortSignal) => call(usersEndpoints.notificationPreferences, { signal });

/** PUT /users/me/notification-preferences. */
export const saveNotificationPreferences = (body: NotificationPreferences) => call(usersEndpoints.saveNotificationPreferences, { body });
