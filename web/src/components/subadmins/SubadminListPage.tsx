import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { ActionIcon, Button, Group, Modal, Paper, SegmentedControl, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useSearchText } from '../../lib/useSearchText';
import { trpc } from '../../trpc';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AppTable, pagingOf } from '../DataTable/AppTable';
import { BreakableEmail } from '../TextCells';
import { SubadminStatusBadge } from './SubadminStatusBadge';
import { EditTermsModal } from './EditTermsModal';
import { formatDate, rowNumber } from '../../lib/format';
import { PAGE_TITLES } from '../layout/pageTitles';
import { RowIcon } from './RowIcons';
import { ConfirmModal } from '../users/ConfirmModal';
import type { SubadminListItem } from '../../../../shared/schemas/subadmins';
import type { SubadminStatusFilter } from '../../../../shared/constants';
import { LIST_PAGE_SIZE } from '../../lib/listSearch';
import { useListPage } from '../../lib/useListPage';
import { subadminListInput, type SubadminListSearch } from './subadminListSearch';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'blocked', label: 'Blocked' },
  { value: 'expired', label: 'Expired' },
];

export function SubadminListPage() {
  const { search: url, setSearch, setPage, keepInRange } = useListPage<SubadminListSearch>();
  const { search = '', status = 'all' } = url;
  const utils = trpc.useUtils();

  const [searchText, setSearchText] = useSearchText(search, (text) => setSearch({ ...url, search: text || undefined, page: undefined }, 'replace'));

  const list = trpc.subadmins.list.useQuery(subadminListInput(url), { placeholderData: (prev) => prev });

  // A page emptied by a delete (or a stale link) falls back to the last page that has rows.
  keepInRange(list.data, LIST_PAGE_SIZE);

  const [editing, setEditing] = useState<SubadminListItem | null>(null);
  const [deleting, setDeleting] = useState<SubadminListItem | null>(null);
  const [blocking, setBlocking] = useState<SubadminListItem | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const reload = () => Promise.all([utils.subadmins.list.invalidate(), utils.subadmins.dashboard.invalidate()]);

  const setBlocked = trpc.subadmins.setBlocked.useMutation({
    onMutate: ({ id }) => setBusyId(Number(id)),
    onSuccess: (_data, { blocked }) => {
      setBlocking(null);
      notifySuccess(blocked ? 'Subadmin blocked successfully.' : 'Subadmin unblocked successfully.');
    },
    onError: (err, { blocked }) => notifyError(err, blocked ? 'Failed to block subadmin.' : 'Failed to unblock subadmin.'),
    onSettled: () => {
      setBusyId(null);
      return reload();
    },
  });

  const remove = trpc.subadmins.remove.useMutation({
    onSuccess: () => {
      notifySuccess('Subadmin deleted successfully.');
      setDeleting(null);
    },
    onError: (err) => notifyError(err, 'Failed to delete subadmin.'),
    onSettled: () => reload(),
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>{PAGE_TITLES['/admin/subadmin-list']}</Title>
        <Button component={Link} to="/admin/subadmin-list/form">
          Create
        </Button>
      </Group>

      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" gap="sm">
            <TextInput
              aria-label="Search subadmins"
              placeholder="Search by name, email, company or mobile"
              value={searchText}
              onChange={(e) => setSearchText(e.currentTarget.value)}
              maxLength={100}
              style={{ flex: '1 1 260px', maxWidth: 420 }}
            />
            <SegmentedControl
              aria-label="Status"
              size="sm"
              data={STATUS_OPTIONS}
              value={status}
              onChange={(v) => setSearch({ ...url, status: v === 'all' ? undefined : (v as SubadminStatusFilter), page: undefined })}
            />
          </Group>

          <AppTable
            aria-label="Subadmins"
            query={list}
            records={list.data?.items}
            empty="No subadmins found"
            errorText="Could not load the subadmins."
            minWidth={880}
            paging={pagingOf(list.data, setPage)}
            columns={[
              { accessor: 'index', title: '#', render: (_s, i) => rowNumber(list.data?.page ?? 1, LIST_PAGE_SIZE, i) },
              {
                accessor: 'name',
                title: 'Name',
                render: (s) => (
                  <Text size="sm" miw={80}>
                    {s.name}
                  </Text>
                ),
              },
              { accessor: 'email', title: 'Email', render: (s) => <BreakableEmail email={s.email} /> },
              {
                accessor: 'company_name',
                title: 'Company',
                render: (s) => (
                  <>
                    <Text size="sm" miw={110}>
                      {s.company_name}
                    </Text>
                    <Text
                      size="xs"
                      c={s.telecallers_count > s.telecaller_creat_limit ? 'red' : 'dimmed'}
                      style={NOWRAP}
                      title={`${plural(s.users_count, 'user')} in all; ${s.telecallers_count} of ${s.telecaller_creat_limit} telecaller places used`}
                    >
                      {s.telecallers_count}/{s.telecaller_creat_limit} telecallers
                    </Text>
                  </>
                ),
              },
              { accessor: 'mobile', title: 'Mobile', noWrap: true },
              { accessor: 'expiry_date', title: 'Expiry Date', noWrap: true, render: (s) => formatDate(s.expiry_date) },
              { accessor: 'gst', title: 'GST', noWrap: true, render: (s) => <Text size="xs">{s.gst}</Text> },
              { accessor: 'status', title: 'Status', render: (s) => <SubadminStatusBadge status={s.status} /> },
            ]}
            actions={{
              render: (s) => (
                // Block above the icons: in one row they took the width of the GST and Status columns at 1280 px.
                <Stack gap={6} align="flex-end">
                  <Button
                    size="xs"
                    variant="light"
                    color={s.is_blocked ? 'green' : 'orange'}
                    loading={setBlocked.isPending && busyId === s.id}
                    disabled={setBlocked.isPending && busyId !== s.id}
                    onClick={() => (s.is_blocked ? setBlocked.mutate({ id: s.id, blocked: false }) : setBlocking(s))}
                  >
                    {s.is_blocked ? 'Unblock' : 'Block'}
                  </Button>
                  <Group gap={6} wrap="nowrap">
                    <Tooltip label="Edit expiry date and limit" withArrow>
                      <ActionIcon variant="light" size={30} aria-label="Edit" onClick={() => setEditing(s)}>
                        <RowIcon name="edit" />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete" withArrow>
                      <ActionIcon variant="light" color="red" size={30} aria-label="Delete" onClick={() => setDeleting(s)}>
                        <RowIcon name="trash" />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Stack>
              ),
            }}
          />
        </Stack>
      </Paper>

      <ConfirmModal
        opened={blocking !== null}
        title="Block subadmin"
        confirmLabel="Block"
        color="orange"
        loading={setBlocked.isPending}
        onClose={() => setBlocking(null)}
        onConfirm={() => blocking && setBlocked.mutate({ id: blocking.id, blocked: true })}
      >
        Block {blocking?.company_name} ({blocking?.email})? The company and all its users are signed out at once and cannot sign in until you unblock it; the
        sign-in page tells them their company&apos;s account is blocked.
      </ConfirmModal>

      <EditTermsModal subadmin={editing} onClose={() => setEditing(null)} onSaved={() => void reload()} />

      <Modal opened={deleting !== null} onClose={() => !remove.isPending && setDeleting(null)} title="Delete subadmin" centered>
        <Stack>
          <Text>Are you sure you want to delete this subadmin?</Text>
          {deleting && (
            <Text size="sm" c="dimmed">
              {deleting.company_name} ({deleting.email}) and all its users will be signed out and can no longer sign in.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate({ id: deleting.id })}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
