import type { NotificationPreferences } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';

/** With no row saved, every optional notification is on. */
const DEFAULTS: NotificationPreferences = { report_ready: true, tokens_expiring: true };

export async function readPreferences(q: Queryable, userId: string): Promise<NotificationPreferences> {
  const r = await q.query<NotificationPreferences>(
    'SELECT report_ready, tokens_expiring FROM notification_preferences WHERE user_id = $1',
    [userId],
  );
  return r.rows[0] ?? DEFAULTS;
}

export async function savePreferences(q: Queryable, userId: string, prefs: NotificationPreferences): Promise<NotificationPreferences> {
  const r = await q.query<NotificationPreferences>(
    `INSERT INTO notification_preferences (user_id, report_ready, tokens_expiring) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET report_ready = EXCLUDED.report_ready, tokens_expiring = EXCLUDED.tokens_expiring,
                                         updated_at = now()
     RETURNING report_ready, tokens_expiring`,
    [userId, prefs.report_ready, prefs.tokens_expiring],
  );
  return r.rows[0]!;
}
