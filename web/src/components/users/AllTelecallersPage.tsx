import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { PAGE_TITLES } from '../layout/pageTitles';
import { LimitIndicator } from './LimitIndicator';
import { UsersTable } from './UsersTable';
import { pagingOf } from '../DataTable/AppTable';
import { EditUserModal } from './EditUserModal';
import { userTypeOptions } from './userTypes';
import { USER_TYPES } from '../../../../shared/constants';
import { LIST_PAGE_SIZE } from '../../lib/listSearch';
import { useListPage } from '../../lib/useListPage';
import { useSearchText } from '../../lib/useSearchText';
import { userListInput, type UserListSearch } from './userListSearch';
import type { UserRow } from '../../../../shared/schemas/users';

const TYPE_FILTER = [{ value: 'all', label: 'All types' }, ...userTypeOptions()];

export function AllTelecallersPage() {
  const { search: url, setSearch, setPage, keepInRange } = useListPage<UserListSearch>();
  const { type } = url;
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [searchText, setSearchText] = useSearchText(url.search ?? '', (text) => setSearch({ ...url, search: text || undefined, page: undefined }, 'replace'));

  const list = trpc.users.list.useQuery(userListInput(url), { placeholderData: (prev) => prev });
  const limit = list.data?.limit;

  // A page emptied by a delete falls back to the last page that has rows.
  keepInRange(list.data, LIST_PAGE_SIZE);

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
            onChange={(v) => setSearch({ ...url, type: USER_TYPES.find((t) => t === v), page: undefined }, 'replace')}
            w={200}
          />
        </Group>
        <UsersTable query={list} onEdit={setEditing} paging={pagingOf(list.data, setPage)} />
      </Paper>

      <EditUserModal user={editing} limitReached={!!limit && limit.used >= limit.max} onClose={() => setEditing(null)} />
    </Stack>
  );
}
