import { useState } from 'react';
import { Badge, Button, Group, Modal, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { trpc } from '../../trpc';
import { timeZoneName, zonedParts } from '../../lib/format';
import { fieldErrorsOf, notifyFailure, notifySuccess } from '../../lib/notify';
import { AppTable, type TableQuery } from '../DataTable/AppTable';
import { USER_TYPE_LABELS } from '../../../../shared/constants';
import { DAILY_CAP_RANGE, SetDailyCapInput, UNAVAILABLE_LABELS, type Availability, type AvailabilityRow } from '../../../../shared/schemas/routing';

const REASON_COLORS: Record<string, string> = { on_break: 'orange', cap_reached: 'red', blocked: 'gray' };

function StatusBadge({ row, timeZone }: { row: AvailabilityRow; timeZone: string }) {
  if (row.available) return <Badge color="green">Available</Badge>;
  const reason = row.reason!;
  const at = reason === 'on_break' && row.breakSince ? zonedParts(row.breakSince, timeZone)?.time : null;
  const since = at ? ` since ${at}` : '';
  return (
    <Badge color={REASON_COLORS[reason] ?? 'gray'} variant={REASON_COLORS[reason] ? 'filled' : 'light'}>
      {UNAVAILABLE_LABELS[reason]}
      {since}
    </Badge>
  );
}

/** Who routing would hand a lead to now, and why not; the sub-admin sets caps and ends breaks here. */
export function AvailabilityCard({ query }: { query: TableQuery & { data?: Availability } }) {
  const utils = trpc.useUtils();
  const [capFor, setCapFor] = useState<AvailabilityRow | null>(null);
  const endBreak = trpc.routing.endBreak.useMutation({
    onSuccess: () => {
      notifySuccess('Break ended.');
      void utils.routing.availability.invalidate();
    },
    onError: (e) => notifyFailure('Could not end the break.', e),
  });
  const data = query.data;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            Availability now
          </Title>
          <Text size="sm" c="dimmed">
            {data
              ? `${data.workingNow ? 'Inside' : 'Outside'} working hours now, in ${timeZoneName(data.timeZone)}. Routed today counts the leads routing handed out since midnight.`
              : 'Who routing would hand a lead to right now.'}
          </Text>
        </div>
        <AppTable<AvailabilityRow>
          aria-label="Availability"
          compact
          minWidth={640}
          query={query}
          records={data?.people}
          empty="No telecallers yet."
          columns={[
            { accessor: 'name', title: 'Name' },
            { accessor: 'userType', title: 'Type', render: (r) => USER_TYPE_LABELS[r.userType] },
            { accessor: 'available', title: 'Status', render: (r) => <StatusBadge row={r} timeZone={data!.timeZone} /> },
            { accessor: 'routedToday', title: 'Routed today', textAlign: 'right' },
            { accessor: 'dailyCap', title: 'Daily cap', textAlign: 'right', render: (r) => r.dailyCap ?? 'No cap' },
          ]}
          actions={{
            render: (r) => (
              <Group gap={6} wrap="nowrap">
                <Button size="xs" variant="light" onClick={() => setCapFor(r)}>
                  Set cap
                </Button>
                {r.onBreak && (
                  <Button
                    size="xs"
                    variant="light"
                    color="orange"
                    loading={endBreak.isPending && endBreak.variables?.userId === r.id}
                    onClick={() => endBreak.mutate({ userId: r.id })}
                  >
                    End break
                  </Button>
                )}
              </Group>
            ),
          }}
        />
      </Stack>
      {capFor && <CapModal person={capFor} onClose={() => setCapFor(null)} />}
    </Paper>
  );
}

function CapModal({ person, onClose }: { person: AvailabilityRow; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<{ cap: number | string }>({
    mode: 'controlled',
    initialValues: { cap: person.dailyCap ?? '' },
    validate: (v) => {
      const parsed = SetDailyCapInput.safeParse({ userId: person.id, cap: v.cap });
      return parsed.success ? {} : { cap: DAILY_CAP_RANGE };
    },
  });
  const save = trpc.routing.setCap.useMutation({
    onSuccess: () => {
      notifySuccess('Daily cap saved.');
      void utils.routing.availability.invalidate();
      onClose();
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields) form.setErrors(fields);
      notifyFailure('Could not save the daily cap.', err);
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Daily cap for ${person.name}`}>
      <form noValidate onSubmit={form.onSubmit((v) => save.mutate({ userId: person.id, cap: v.cap === '' ? null : v.cap }))}>
        <Stack gap="sm">
          <NumberInput
            label="Leads a day at most"
            description="Empty: no cap. Routing stops handing this person leads once they reach it, until midnight."
            min={1}
            max={1000}
            clampBehavior="none"
            allowDecimal={false}
            data-autofocus
            key={form.key('cap')}
            {...form.getInputProps('cap')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save cap
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
