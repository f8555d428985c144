import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { contactQuery } from '../api/contact.ts';
import { adminKeys } from '../api/keys.ts';
import { postCountQuery } from '../api/posts.ts';
import { refundsQuery } from '../api/refunds.ts';
import { statsQuery } from '../api/stats.ts';
import { adminCredentials, type AdminCredentials } from '../lib/credentials.ts';
import { ActivityTab } from './ActivityTab.tsx';
import { AdminTabs, TabPanel, type TabDef } from './AdminTabs.tsx';
import { BrandMark } from './BrandMark.tsx';
import { ContactTab } from './ContactTab.tsx';
import { DashboardTab } from './DashboardTab.tsx';
import { PostsTab } from './PostsTab.tsx';
import { RefundsTab } from './RefundsTab.tsx';
import { ReviewsTab } from './ReviewsTab.tsx';
import { isAdminTab, type AdminTab } from './tabs.ts';
import { TransactionsTab } from './TransactionsTab.tsx';
import { UsersTab } from './UsersTab.tsx';
import { formatCount } from '../lib/format.ts';

const NO_FILTER = { q: '', from: '', to: '' };

/** The signed-in operator panel: a header with the user count and Logout, and the tabs. */
export function AdminPanel({ credentials }: { credentials: AdminCredentials }) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: AdminTab = isAdminTab(raw) ? raw : 'dashboard';
  const open = (next: AdminTab) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (next === 'dashboard') n.delete('tab');
      else n.set('tab', next);
      return n;
    });

  // The header and tab counts: the purchases count is the stats' (the dashboard's breakdown), the
  // others the same first-page queries the tabs show unfiltered.
  const stats = useQuery(statsQuery());
  const contact = useQuery(contactQuery(NO_FILTER, 1));
  const blog = useQuery(postCountQuery('blog'));
  const press = useQuery(postCountQuery('press_release'));
  // The Refunds count is what waits for a decision (the list's own pending_count).
  const refunds = useInfiniteQuery(refundsQuery('requested'));

  const tabs: TabDef<AdminTab>[] = [
    { id: 'dashboard', label: 'Dashboard' },
    { id: 'users', label: 'Users & Reports' },
    { id: 'purchases', label: 'Token Purchases', count: stats.data?.purchases.total },
    { id: 'refunds', label: 'Refunds', count: refunds.data?.pages[0]?.pending_count },
    { id: 'reviews', label: 'Expert Reviews' },
    { id: 'contact', label: 'Contact Submissions', count: contact.data?.total },
    { id: 'blog', label: 'Blog Posts', count: blog.data?.total, countCapped: blog.data?.capped },
    { id: 'press', label: 'Press Releases', count: press.data?.total, countCapped: press.data?.capped },
    { id: 'activity', label: 'Activity' },
  ];

  const logout = () => {
    adminCredentials.clear();
    queryClient.removeQueries({ queryKey: adminKeys.all });
  };

  return (
    <div className="min-h-screen bg-slate-100">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <BrandMark compact />
            <span className="hidden rounded-md bg-slate-900 px-2 py-0.5 text-xs font-semibold tracking-wide text-white uppercase sm:inline">
              Operator
            </span>
          </div>
          <div className="flex items-center gap-3 sm:gap-5">
            <p className="text-sm text-slate-600" data-testid="admin-user-count">
              <span className="font-semibold text-slate-900 tabular-nums">{stats.data ? formatCount(stats.data.total_users) : '—'}</span>{' '}
              <span>{stats.data?.total_users === 1 ? 'user' : 'users'}</span>
            </p>
            <span className="hidden text-sm text-slate-500 md:inline">
              Signed in as <span className="font-medium text-slate-700">{credentials.username}</span>
            </span>
            <Button variant="outline" size="sm" onClick={logout}>
              Logout
            </Button>
          </div>
        </div>
        <div className="mx-auto max-w-7xl px-2 sm:px-4">
          <AdminTabs tabs={tabs} active={tab} onChange={open} label="Operator panel sections" />
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        <h1 className="sr-only">Operator panel</h1>
        <TabPanel id={tab}>
          {tab === 'dashboard' && <DashboardTab onOpen={open} />}
          {tab === 'users' && <UsersTab />}
          {tab === 'purchases' && <TransactionsTab />}
          {tab === 'refunds' && <RefundsTab />}
          {tab === 'reviews' && <ReviewsTab />}
          {tab === 'contact' && <ContactTab />}
          {tab === 'blog' && <PostsTab key="blog" type="blog" />}
          {tab === 'press' && <PostsTab key="press" type="press_release" />}
          {tab === 'activity' && <ActivityTab />}
        </TabPanel>
      </main>
    </div>
  );
}
