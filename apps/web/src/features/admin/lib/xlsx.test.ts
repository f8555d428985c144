import type { AdminUser, Transaction } from '@assay/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportInstant, exportXlsx, TRANSACTION_COLUMNS, USER_COLUMNS } from './xlsx.ts';

const calls = vi.hoisted(() => [] as string[]);
vi.mock('../api/audit-log.ts', () => ({
  recordExport: vi.fn(async (body: unknown) => {
    calls.push(`record ${JSON.stringify(body)}`);
    if ((body as { list: string }).list === 'transactions') throw new Error('offline');
    return { message: 'Recorded' };
  }),
}));
vi.mock('write-excel-file/browser', () => ({
  default: () => {
    calls.push('write');
    return { toBlob: async () => new Blob(['x']) };
  },
}));
vi.mock('../../../lib/download.ts', () => ({ saveBlob: () => calls.push('save') }));

afterEach(() => {
  calls.length = 0;
});

const USER: AdminUser = {
  id: '0b7c9a52-5a8e-4c55-9d7e-3f2f6a1e9c10', name: 'Grace Hopper', email: 'grace@example.com', phone: null, plan_name: 'starter',
  subscription_status: 'active', reports_generated: 2, available_tokens: 7500, is_verified: true, created_at: '2025-07-01T09:30:00.000Z', last_login: null,
};
const TX = {
  id: 't1', user_id: USER.id, user_name: 'Grace Hopper', user_email: 'grace@example.com', plan_name: 'pro', package_name: 'Pro', tokens: 30000,
  amount_paid: 15222, currency: 'USD', status: 'failed', tax_minor: 2322, refunded_minor: 0, refunded_tax_minor: 0, net_minor: 15222,
  refund_requested: false, razorpay_payment_id: null, razorpay_order_id: 'order_1',
  active_until: null, created_at: '2026-01-02T10:00:00.250Z', invoice_number: null,
} satisfies Transaction;

const row = <T,>(columns: { header: string; value: (r: T) => unknown }[], r: T) => Object.fromEntries(columns.map((c) => [c.header, c.value(r)]));

describe('Excel exports', () => {
  it('carry the member id, labels instead of codes, and instants in ISO 8601 with the zone named', () => {
    expect(row(USER_COLUMNS, USER)).toMatchObject({
      'Member ID': USER.id, Plan: 'Starter', 'Subscription Status': 'Active', 'Joined (UTC)': '2025-07-01T09:30:00Z', 'Last Login (UTC)': 'Never',
    });
    expect(row(TRANSACTION_COLUMNS, TX)).toMatchObject({
      'Member ID': USER.id, Plan: 'Pro', Status: 'Failed', 'Date (UTC)': '2026-01-02T10:00:00.250Z', 'Active Until (UTC)': null,
    });
    expect(exportInstant('not a date')).toBeNull();
  });

  it('put the export on the audit log before making the file, and make none when that fails', async () => {
    await exportXlsx([USER], USER_COLUMNS, 'Users', 'users.xlsx', { list: 'users', filter: { q: 'grace' } });
    expect(calls).toEqual(['record {"list":"users","filter":{"q":"grace"},"rows":1}', 'write', 'save']);
    calls.length = 0;
    await expect(exportXlsx([TX], TRANSACTION_COLUMNS, 'Transactions', 't.xlsx', { list: 'transactions', filter: {} })).rejects.toThrow('offline');
    expect(calls).toEqual(['record {"list":"transactions","filter":{},"rows":1}']);
  });
});
