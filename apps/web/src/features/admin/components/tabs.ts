/** The panel's tabs, in order (docs/product.md §2). */
export const ADMIN_TABS = ['dashboard', 'users', 'purchases', 'refunds', 'reviews', 'contact', 'blog', 'press', 'activity'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const isAdminTab = (v: string | null): v is AdminTab => !!v && (ADMIN_TABS as readonly string[]).includes(v);
