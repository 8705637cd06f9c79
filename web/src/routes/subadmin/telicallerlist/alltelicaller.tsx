import { useEffect, useState } from 'react';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { trpc } from '../../../trpc';
import { PAGE_TITLES, pageHead } from '../../../components/layout/pageTitles';
import { LimitIndicator } from '../../../components/users/LimitIndicator';
import { UsersTable } from '../../../components/users/UsersTable';
import { pagingOf } from '../../../components/DataTable/AppTable';
import { EditUserModal } from '../../../components/users/EditUserModal';
import { userTypeOptions } from '../../../components/users/userTypes';
import { USER_TYPES, type UserTypeValue } from '../../../../../shared/constants';
import type { UserRow } from '../../../../../shared/schemas/users';

const PAGE_SIZE = 20;

interface ListSearch {
  page?: number;
  search?: string;
  type?: UserTypeValue;
}

export const Route = createFileRoute('/subadmin/telicallerlist/alltelicaller')({
  validateSearch: (s: Record<string, unknown>): ListSearch => {
    const page = Number(s.page);
    const search = typeof s.search === 'string' && s.search.trim() ? s.search.trim().slice(0, 100) : undefined;
    const type = USER_TYPES.find((t) => t === s.type);
    return { ...(Number.isInteger(page) && page > 1 ? { page } : {}), ...(search ? { search } : {}), ...(type ? { type } : {}) };
  },
  head: pageHead('/subadmin/telicallerlist/alltelicaller'),
  component: AllTelecallersPage,
});

const TYPE_FILTER = [{ value: 'all', label: 'All types' }, ...userTypeOptions()];

function AllTelecallersPage() {
  const { page = 1, search = '', type } = Route.useSearch();
  const navigate = useNavigate({ from: '/subadmin/telicallerlist/alltelicaller' });
  const [editing, setEditing] = useState<UserRow | null>(null);

  const [searchText, setSearchText] = useState(search);
  const [debouncedSearch] = useDebouncedValue(searchText.trim(), 300);
  useEffect(() => setSearchText(search), [search]);
  useEffect(() => {
    if (debouncedSearch !== search) {
      void navigate({ search: (prev) => ({ ...prev, search: debouncedSearch || undefined, page: undefined }), replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  const list = trpc.users.list.useQuery({ page, pageSize: PAGE_SIZE, search: search || undefined, userType: type }, { placeholderData: (prev) => prev });
  const limit = list.data?.limit;

  // A page emptied by a delete falls back to the last page that has rows.
  useEffect(() => {
    const d = list.data;
    if (d && d.items.length === 0 && d.total > 0 && page > 1) {
      void navigate({ search: (prev) => ({ ...prev, page: Math.ceil(d.total / PAGE_SIZE) || undefined }), replace: true });
    }
  }, [list.data, page, navigate]);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>{PAGE_TITLES['/subadmin/telicallerlist/alltelicaller']}</Title>
          <Text c="dimmed" size="sm">
            Your telecallers, telecaller heads and developers.
          </Text>
        </div>
        <Group align="stretch" wrap="wrap">
          {limit && <LimitIndicator limit={limit} compact />}
          <Button component={Link} to="/subadmin/telicallerlist/formtelicaller" style={{ alignSelf: 'center' }}>
            Create Telecaller
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="md">
        <Group mb="md" wrap="wrap" gap="sm">
          <TextInput
            placeholder="Search name, mobile or email"
            aria-label="Search users"
            value={searchText}
            onChange={(e) => setSearchText(e.currentTarget.value)}
            style={{ flex: '1 1 260px' }}
            maxLength={100}
          />
          <Select
            aria-label="User type"
            data={TYPE_FILTER}
            value={type ?? 'all'}
            allowDeselect={false}
            onChange={(v) => void navigate({ search: (prev) => ({ ...prev, type: USER_TYPES.find((t) => t === v), page: undefined }), replace: true })}
            w={200}
          />
        </Group>
        <UsersTable
          query={list}
          onEdit={setEditing}
          paging={pagingOf(list.data, (p) => void navigate({ search: (prev) => ({ ...prev, page: p > 1 ? p : undefined }) }))}
        />
      </Paper>

      <EditUserModal user={editing} limitReached={!!limit && limit.used >= limit.max} onClose={() => setEditing(null)} />
    </Stack>
  );
}
