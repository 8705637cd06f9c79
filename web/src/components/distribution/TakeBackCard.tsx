import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { ConfirmModal } from '../users/ConfirmModal';
import { notifyFailure } from '../../lib/notify';
import type { Assignee } from '../../../../shared/schemas/distribution';
import { assigneeOption, plural } from './format';
import { assigneeOptionRenderer } from './AssigneeOption';

/** Returns a person's untouched leads to the pool: for someone who left, is blocked or has too many. */
export function TakeBackCard({ assignees }: { assignees: Assignee[] }) {
  const utils = trpc.useUtils();
  const [userId, setUserId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const person = assignees.find((a) => String(a.id) === userId) ?? null;

  const takeBack = trpc.distribution.takeBack.useMutation({
    onSuccess: (r) => {
      setConfirming(false);
      if (r.returned > 0) notifySuccess(r.message);
      else notifications.show({ message: r.message, color: 'orange', autoClose: 3000 });
      void utils.distribution.pool.invalidate();
      void utils.distribution.assignees.invalidate();
      void utils.dashboard.subadmin.invalidate();
    },
    onError: (err) => {
      setConfirming(false);
      notifyFailure('Failed to take back leads.', err);
      void utils.distribution.assignees.invalidate();
    },
  });

  const data = [
    { group: 'Telecallers', items: assignees.filter((a) => a.user_type === 'Telicaller').map(assigneeOption) },
    { group: 'Telecaller heads', items: assignees.filter((a) => a.user_type === 'Telicaller-hade').map(assigneeOption) },
  ].filter((g) => g.items.length);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack>
        <div>
          <Title order={4}>Take back leads</Title>
          <Text size="sm" c="dimmed">
            Return someone&apos;s untouched leads (still New) to the unassigned pool, for example when they have left or are blocked. Leads they have already
            worked stay with them.
          </Text>
        </div>
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Telecaller or telecaller head"
            placeholder="Select a person"
            data={data}
            value={userId}
            onChange={setUserId}
            searchable
            clearable
            renderOption={assigneeOptionRenderer(assignees)}
            nothingFoundMessage="Nobody found"
            style={{ flex: '1 1 280px' }}
          />
          <Button color="red" variant="light" disabled={!person || person.untouched === 0} loading={takeBack.isPending} onClick={() => setConfirming(true)}>
            {person && person.untouched > 0 ? `Take back ${plural(person.untouched, 'lead')}` : 'Take back leads'}
          </Button>
        </Group>
        {person && (
          <Text size="sm" c={person.untouched ? undefined : 'dimmed'} role="status">
            {person.untouched
              ? `${person.name} holds ${plural(person.untouched, 'untouched lead')}.`
              : `${person.name} holds no untouched leads: nothing to take back.`}
          </Text>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming && !!person}
        title="Take back leads"
        confirmLabel="Take back"
        loading={takeBack.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => person && takeBack.mutate({ userId: person.id, category: null })}
      >
        {person ? `Return ${plural(person.untouched, 'untouched lead')} of ${person.name} to the pool? They will no longer see them.` : ''}
      </ConfirmModal>
    </Paper>
  );
}
