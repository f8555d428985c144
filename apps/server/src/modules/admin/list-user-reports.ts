import type { AdminReport } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';

const TIER = { basic: 'Basic', advanced: 'Advanced', comprehensive: 'Comprehensive' } as const;

/** One member's reports for the operator panel: file_url when the PDF exists. */
export async function listUserReports(db: Queryable, userId: string): Promise<AdminReport[]> {
  const r = await db.query<{ id: string; title: string; created_at: Date; complexity: keyof typeof TIER; status: string; pdf_key: string | null }>(
    'SELECT id, title, created_at, complexity, status, pdf_key FROM reports WHERE user_id = $1 ORDER BY created_at DESC',
    [userId],
  );
  return r.rows.map((x) => ({
    id: x.id,
    title: x.title,
    created_at: x.created_at.toISOString(),
    plan_name: TIER[x.complexity],
    file_url: x.status === 'completed' && x.pdf_key ? `/api/reports/${x.id}/download` : null,
    status: x.status,
  }));
}
