import { useState } from 'react';
import { Box, Button, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { resetSessionCache } from '../auth/session';
import type { UserRow } from '../../../../shared/schemas/users';
import { notifyFailure } from '../../lib/notify';
import { UserStatusBadge, UserTypeBadge } from './UserBadges';
import { ConfirmModal } from './ConfirmModal';

interface Props {
  users: UserRow[];
  onEdit: (user: UserRow) => void;
}

/** The company's users with their actions: update, block or unblock, delete (after a question), login as. */
export function UsersTable({ users, onEdit }: Props) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<UserRow | null>(null);

  const setBlocked = trpc.users.setBlocked.useMutation({
    onSuccess: (u) => {
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

  const busy = (id: number) =>
    (setBlocked.isPending && setBlocked.variables?.id === id) || (loginAs.isPending && loginAs.variables?.userId === id);

  const actions = (u: UserRow, justify: 'flex-end' | 'flex-start', wrap: 'wrap' | 'nowrap') => (
    <Group gap={6} justify={justify} wrap={wrap}>
      <Button size="compact-sm" variant="light" onClick={() => onEdit(u)} aria-label={`Update ${u.name}`}>
        Update
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        color={u.blocked ? 'green' : 'orange'}
        disabled={busy(u.id)}
        loading={setBlocked.isPending && setBlocked.variables?.id === u.id}
        onClick={() => setBlocked.mutate({ id: u.id, blocked: !u.blocked })}
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
    </Group>
  );

  return (
    <>
      <Stack gap="sm" hiddenFrom="sm">
        {users.map((u) => (
          <Paper key={u.id} withBorder p="sm">
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Text fw={600} size="sm">
                {u.name}
              </Text>
              <UserStatusBadge blocked={u.blocked} />
            </Group>
            <Group gap="xs" mt={4}>
              <UserTypeBadge type={u.user_type} />
              <Text size="sm">{u.mobile}</Text>
            </Group>
            <Text size="sm" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
              {u.email}
            </Text>
            <Box mt="sm">
              {actions(u, 'flex-start', 'wrap')}
            </Box>
          </Paper>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={900} visibleFrom="sm">
        <Table verticalSpacing="sm" striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Mobile</Table.Th>
              <Table.Th>User type</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {u.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {u.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {u.mobile}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <UserTypeBadge type={u.user_type} />
                </Table.Td>
                <Table.Td>
                  <UserStatusBadge blocked={u.blocked} />
                </Table.Td>
                <Table.Td>
                  {actions(u, 'flex-end', 'nowrap')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <ConfirmModal
        opened={toDelete !== null}
        title="Delete user"
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
      >
        Are you sure you want to delete {toDelete?.name}? They will be signed out at once, and the leads they have not worked yet go back to the
        unassigned pool.
      </ConfirmModal>
    </>
  );
}
