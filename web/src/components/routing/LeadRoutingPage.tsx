import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { formatCount } from '../../lib/format';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { PAGE_TITLES } from '../layout/pageTitles';
import { QueryState } from '../QueryState';
import { AppTable } from '../DataTable/AppTable';
import { ConfirmModal } from '../users/ConfirmModal';
import { RoutingSettingsForm } from './RoutingSettingsForm';
import { RuleModal } from './RuleModal';
import { AvailabilityCard } from './AvailabilityCard';
import { RULE_FIELD_LABELS, RULE_MATCH_LABELS, ruleText, type AvailabilityRow, type RoutingRuleView } from '../../../../shared/schemas/routing';

/** The sub-admin's Lead Routing: where and when leads are handed out, the rules that pick who, and who is available now. */
export function LeadRoutingPage() {
  const settings = trpc.routing.settings.useQuery();
  const availability = trpc.routing.availability.useQuery(undefined, { refetchInterval: 60_000 });
  return (
    <Stack>
      <div>
        <Title order={2}>{PAGE_TITLES['/subadmin/lead-routing']}</Title>
        <Text c="dimmed" size="sm">
          New leads go to the available telecaller with the fewest routed leads today, as they arrive. Rules send the leads they match to the people you pick.
        </Text>
      </div>
      {availability.data && (
        <Text fw={500} c={availability.data.waiting > 0 ? 'orange.8' : undefined} data-testid="waiting-leads">
          {availability.data.waiting === 1 ? '1 lead waiting for routing' : `${formatCount(availability.data.waiting)} leads waiting for routing`}
        </Text>
      )}
      <Stack maw={960}>
        <QueryState query={settings} errorText="Failed to load the routing settings.">
          {(data) => <RoutingSettingsForm settings={data} />}
        </QueryState>
        <RulesCard people={availability.data?.people ?? []} />
        <AvailabilityCard query={availability} />
      </Stack>
    </Stack>
  );
}

function RulesCard({ people }: { people: AvailabilityRow[] }) {
  const utils = trpc.useUtils();
  const rules = trpc.routing.rules.useQuery();
  const [editing, setEditing] = useState<RoutingRuleView | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<RoutingRuleView | null>(null);
  const move = trpc.routing.moveRule.useMutation({
    onSuccess: (list) => utils.routing.rules.setData(undefined, list),
    onError: (e) => notifyFailure('Could not move the rule.', e),
  });
  const remove = trpc.routing.deleteRule.useMutation({
    onSuccess: () => {
      notifySuccess('Rule deleted.');
      setToDelete(null);
      void utils.routing.rules.invalidate();
    },
    onError: (e) => notifyFailure('Could not delete the rule.', e),
  });
  const list = rules.data ?? [];
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={3} size="h4">
              Rules
            </Title>
            <Text size="sm" c="dimmed">
              Tried from the top; the first rule a lead matches decides who may get it. A lead no rule matches may go to anyone available.
            </Text>
          </div>
          <Button onClick={() => setEditing('new')}>Add rule</Button>
        </Group>
        <AppTable<RoutingRuleView>
          aria-label="Routing rules"
          compact
          minWidth={560}
          query={rules}
          records={rules.data}
          empty="No rules yet: every lead may go to anyone available."
          columns={[
            { accessor: 'position', title: '#', width: 48, render: (_, i) => i + 1 },
            {
              accessor: 'value',
              title: 'When',
              render: (r) => (
                <Text size="sm" c={r.fieldRetired ? 'dimmed' : undefined}>
                  {r.field === 'field' ? (r.fieldLabel ?? 'A lead field') : RULE_FIELD_LABELS[r.field]} {RULE_MATCH_LABELS[r.match]}{' '}
                  <b>{r.valueLabel ?? r.value}</b>
                  {r.fieldRetired && ' — its field is retired: this rule matches no lead'}
                </Text>
              ),
            },
            { accessor: 'members', title: 'Send to', render: (r) => <Text size="sm">{r.members.map((m) => m.name).join(', ') || '—'}</Text> },
          ]}
          actions={{
            render: (r, i) => (
              <Group gap={6} wrap="nowrap">
                <ActionIcon
                  variant="light"
                  aria-label={`Move rule ${i + 1} up`}
                  disabled={i === 0 || move.isPending}
                  onClick={() => move.mutate({ id: r.id, direction: 'up' })}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="light"
                  aria-label={`Move rule ${i + 1} down`}
                  disabled={i === list.length - 1 || move.isPending}
                  onClick={() => move.mutate({ id: r.id, direction: 'down' })}
                >
                  ↓
                </ActionIcon>
                <Button size="xs" variant="light" onClick={() => setEditing(r)}>
                  Edit
                </Button>
                <Button size="xs" variant="light" color="red" onClick={() => setToDelete(r)}>
                  Delete
                </Button>
              </Group>
            ),
          }}
        />
      </Stack>
      {editing && <RuleModal rule={editing === 'new' ? null : editing} people={people} onClose={() => setEditing(null)} />}
      <ConfirmModal
        opened={!!toDelete}
        title="Delete rule"
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
        onClose={() => setToDelete(null)}
      >
        Delete the rule "{toDelete && ruleText(toDelete)}"? Leads it matched go to everyone available from now on. Leads already handed out stay where they are.
      </ConfirmModal>
    </Paper>
  );
}
