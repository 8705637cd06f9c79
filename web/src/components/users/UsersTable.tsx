import { useState } from 'react';
import { Box, Button, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { resetSessionCache } from '../auth/session';
import type { UserRow } from '../../../../shared/schemas/users';
import { notifyFailure } from '../../lib/notify';
import { UserStatusBadge, UserTypeBadge } from './UserBadges';
import { ConfirmModal } from './ConfirmModal';
import { AppTable, type Paging, type TableQuery } from '../DataTable/AppTable';
import { BreakableEmail } from '../TextCells';

interface Props {
  query: TableQuery & { data?: { items: UserRow[] } };
  paging?: Paging;
  onEdit: (user: UserRow) => void;
}

/** The company's users with their actions: update, block or unblock, delete (after a question), login as. */
export function UsersTable({ query, paging, onEdit }: Props) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<UserRow | null>(null);
  const [toBlock, setToBlock] = useState<UserRow | null>(null);

  const setBlocked = trpc.users.setBlocked.useMutation({
    onSuccess: (u) => {
      setToBlock(null);
      notifySuccess(u.blocked ? 'User has been blocked successfully.' : 'User has been unblocked successfully.');
      void utils.users.list.invalidate();
    },
    onError: (err, v) => notifyFailure(v.blocked ? 'Failed to block user.' : 'Failed to unblock user.', err),
  });

  const remove = trpc.users.remove.useMutation({
    onSuccess: () => {
      notifySuccess('User has been deleted successfully.');
      setToDelete(null);
      void utils.users.list.invalidate();
    },
    onError: (err) => notifyFailure('Failed to delete user.', err),
  });

  const loginAs = trpc.auth.loginAs.useMutation({
    onSuccess: async () => {
      resetSessionCache();
      await navigate({ to: '/' });
    },
    onError: (err) => notifyFailure('Failed to login as user.', err),
  });

  const busy = (id: number) => (setBlocked.isPending && setBlocked.variables?.id === id) || (loginAs.isPending && loginAs.variables?.userId === id);

  // Four buttons in a row would take most of a narrower table's frame: there they make two rows of two.
  const oneRow = useMediaQuery('(min-width: 75em)', true, { getInitialValueInEffect: false });
  const actions = (u: UserRow) => (
    <Box style={{ display: 'grid', gridTemplateColumns: `repeat(${oneRow ? 4 : 2}, max-content)`, gap: 6, justifyContent: 'end', justifyItems: 'end' }}>
      <Button size="compact-sm" variant="light" onClick={() => onEdit(u)} aria-label={`Update ${u.name}`}>
        Update
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        color={u.blocked ? 'green' : 'orange'}
        disabled={busy(u.id)}
        loading={setBlocked.isPending && setBlocked.variables?.id === u.id}
        onClick={() => (u.blocked ? setBlocked.mutate({ id: u.id, blocked: false }) : setToBlock(u))}
        aria-label={`${u.blocked ? 'Unblock' : 'Block'} ${u.name}`}
      >
        {u.blocked ? 'Unblock' : 'Block'}
      </Button>
      <Button size="compact-sm" variant="light" color="red" onClick={() => setToDelete(u)} aria-label={`Delete ${u.name}`}>
        Delete
      </Button>
      <Tooltip label="Unblock the user to log in as them" disabled={!u.blocked}>
        <Button
          size="compact-sm"
          variant="subtle"
          disabled={u.blocked || busy(u.id)}
          loading={loginAs.isPending && loginAs.variables?.userId === u.id}
          onClick={() => loginAs.mutate({ userId: u.id })}
          aria-label={`Login as ${u.name}`}
        >
          Login as
        </Button>
      </Tooltip>
    </Box>
  );

  return (
    <>
      <AppTable
        aria-label="Users"
        query={query}
        records={query.data?.items}
        empty="No users found"
        errorText="Failed to fetch users."
        paging={paging}
        minWidth={620}
        columns={[
          {
            accessor: 'name',
            title: 'Name',
            render: (u) => (
              <Text size="sm" fw={500} miw={90}>
                {u.name}
              </Text>
            ),
          },
          { accessor: 'email', title: 'Email', render: (u) => <BreakableEmail email={u.email} /> },
          { accessor: 'mobile', title: 'Mobile', noWrap: true, cellsStyle: () => ({ fontVariantNumeric: 'tabular-nums' }) },
          { accessor: 'user_type', title: 'User type', render: (u) => <UserTypeBadge type={u.user_type} /> },
          { accessor: 'blocked', title: 'Status', render: (u) => <UserStatusBadge blocked={u.blocked} /> },
        ]}
        actions={{ render: (u) => actions(u) }}
      />

      <ConfirmModal
        opened={toBlock !== null}
        title="Block user"
        confirmLabel="Block"
        color="orange"
        loading={setBlocked.isPending}
        onClose={() => setToBlock(null)}
        onConfirm={() => toBlock && setBlocked.mutate({ id: toBlock.id, blocked: true })}
      >
        Block {toBlock?.name}? They are signed out at once and cannot sign in until you unblock them; the sign-in page tells them their account was blocked by
        your company.
      </ConfirmModal>

      <ConfirmModal
        opened={toDelete !== null}
        title="Delete user"
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
      >
        Are you sure you want to delete {toDelete?.name}? They will be signed out at once, and the leads they have not worked yet go back to the unassigned
        pool.
      </ConfirmModal>
    </>
  );
}
