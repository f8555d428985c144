import { MSG } from '@assay/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { SearchBox } from '../../../components/ui/SearchBox.tsx';
import { PAGE_SIZE } from '../api/keys.ts';
import { downloadUsersXlsx, usersQuery } from '../api/users.ts';
import { usePagedSearch } from '../hooks/usePagedSearch.ts';
import { DownloadIcon, ListSpinner, LoadError, Pager, SectionHeader } from './Shared.tsx';
import { UserCard } from './UserCard.tsx';

/** Users & Reports (docs/product.md §2): search, Excel export, expandable user cards, server paging. */
export function UsersTab() {
  const [search, setSearch] = useState('');
  const { q, tooShort, page: effectivePage, setPage } = usePagedSearch(search);
  const users = useQuery(usersQuery(q, effectivePage));
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadUsersXlsx(q);
      toast.success(q ? 'Exported the matching users to Excel' : 'Exported all users to Excel');
    } catch (err) {
      console.error('Failed to export user list', err);
      toast.error('Failed to export user list');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-5">
      <SectionHeader
        title="Users & Reports"
        description="Expand a member to see their purchases and reports."
        actions={
          <Button variant="outline" onClick={() => void onExport()} loading={exporting}>
            {!exporting && <DownloadIcon />}
            Export to Excel
          </Button>
        }
      />
      <SearchBox
        className="w-full sm:max-w-sm"
        label="Search users by name or email"
        value={search}
        onChange={setSearch}
        placeholder="Search by name or email…"
        hint={tooShort ? MSG.searchTooShort : undefined}
      />
      {users.data ? (
        users.data.items.length === 0 ? (
          <EmptyState title="No users found" hint={q ? 'Try a different name or email.' : 'Members appear here once they sign up.'} />
        ) : (
          <>
            <ul className="space-y-3" aria-label="Users">
              {users.data.items.map((u) => (
                <li key={u.id}>
                  <UserCard user={u} />
                </li>
              ))}
            </ul>
            <Pager
              page={effectivePage}
              pageSize={PAGE_SIZE.users}
              total={users.data.total}
              onPage={setPage}
              busy={users.isPlaceholderData}
              noun="users"
            />
          </>
        )
      ) : users.isError ? (
        <LoadError what="users" onRetry={() => void users.refetch()} />
      ) : (
        <ListSpinner />
      )}
    </div>
  );
}
