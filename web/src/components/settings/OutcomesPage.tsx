import { useState } from 'react';
import { ActionIcon, Badge, Button, Checkbox, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { trpc } from '../../trpc';
import { useCompanyShape } from '../../lib/useCompanyShape';
import { fieldErrorsOf, notifyFailure, notifySuccess } from '../../lib/notify';
import { PAGE_TITLES } from '../layout/pageTitles';
import { QueryState } from '../QueryState';
import { AppTable } from '../DataTable/AppTable';
import { SettingsSection } from './SettingsSection';
import { MAX_CHOICES_PER_STATUS, type CompanyShape, type FeedbackChoice } from '../../../../shared/company-shape';
import { LEAD_STATUS_LABELS, SUBMIT_STATUSES, type SubmitStatus } from '../../../../shared/lead-status';
import { FeedbackChoiceUpdateInput } from '../../../../shared/schemas/lead-fields';

/** The sub-admin's Outcomes: under each status a telecaller submits, the company's own feedback choices (docs/lead-fields.md#outcomes). */
export function OutcomesPage() {
  const shape = useCompanyShape();
  return (
    <Stack>
      <div>
        <Title order={2}>{PAGE_TITLES['/subadmin/outcomes']}</Title>
        <Text c="dimmed" size="sm">
          The feedback a telecaller picks with each status, in this order, and what each asks for. Every outcome has a note; a retired choice is no longer
          offered but stays readable on the history that has it.
        </Text>
      </div>
      <QueryState query={shape} errorText="Failed to load the outcomes.">
        {(data) => (
          <Stack maw={960}>
            {SUBMIT_STATUSES.map((status) => (
              <StatusChoices key={status} status={status} shape={data} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

const ASKS: { key: 'needsCallback' | 'needsReason' | 'needsNote'; label: string; color: string }[] = [
  { key: 'needsCallback', label: 'Callback time', color: 'orange' },
  { key: 'needsReason', label: 'Reason', color: 'red' },
  { key: 'needsNote', label: 'Note', color: 'blue' },
];

function StatusChoices({ status, shape }: { status: SubmitStatus; shape: CompanyShape }) {
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState<FeedbackChoice | 'new' | null>(null);
  const choices = shape.feedback[status] ?? [];
  const inUse = choices.filter((c) => !c.retired).length;
  const changed = () => void utils.shape.get.invalidate();
  const move = trpc.feedbackChoices.move.useMutation({ onSuccess: changed, onError: (e) => notifyFailure('Could not move the choice.', e) });
  const retire = trpc.feedbackChoices.retire.useMutation({
    onSuccess: (c) => {
      notifySuccess(`${c.label} retired.`);
      changed();
    },
    onError: (e) => notifyFailure('Could not retire the choice.', e),
  });
  const restore = trpc.feedbackChoices.restore.useMutation({
    onSuccess: (c) => {
      notifySuccess(`${c.label} restored.`);
      changed();
    },
    onError: (e) => notifyFailure('Could not restore the choice.', e),
  });
  const busy = move.isPending || retire.isPending || restore.isPending;
  const name = LEAD_STATUS_LABELS[status];
  return (
    <SettingsSection title={name}>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {inUse === 1 ? '1 choice in use' : `${inUse} choices in use`}
        </Text>
        <Button size="xs" onClick={() => setEditing('new')} disabled={choices.length >= MAX_CHOICES_PER_STATUS} aria-label={`Add choice to ${name}`}>
          Add choice
        </Button>
      </Group>
      <AppTable<FeedbackChoice>
        aria-label={`${name} choices`}
        compact
        minWidth={600}
        records={choices}
        empty="No choices."
        columns={[
          {
            accessor: 'label',
            title: 'Choice',
            width: '40%',
            render: (c) => (
              <Group gap={6}>
                <Text size="sm" c={c.retired ? 'dimmed' : undefined}>
                  {c.label}
                </Text>
                {c.retired && <Badge color="gray">Retired</Badge>}
              </Group>
            ),
          },
          {
            accessor: 'needsNote',
            title: 'Asks for',
            width: '30%',
            render: (c) => (
              <Group gap={4}>
                {ASKS.filter((a) => c[a.key]).map((a) => (
                  <Badge key={a.key} color={a.color} variant="light">
                    {a.label}
                  </Badge>
                ))}
              </Group>
            ),
          },
        ]}
        actions={{
          render: (c, i) => (
            <Group gap={6} wrap="nowrap" justify="flex-end">
              <ActionIcon
                variant="light"
                aria-label={`Move ${c.label} up`}
                disabled={i === 0 || busy}
                onClick={() => move.mutate({ id: c.id, direction: 'up' })}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="light"
                aria-label={`Move ${c.label} down`}
                disabled={i === choices.length - 1 || busy}
                onClick={() => move.mutate({ id: c.id, direction: 'down' })}
              >
                ↓
              </ActionIcon>
              <Button size="xs" variant="light" onClick={() => setEditing(c)} aria-label={`Edit ${c.label}`}>
                Edit
              </Button>
              {c.retired ? (
                <Button size="xs" variant="light" disabled={busy} onClick={() => restore.mutate({ id: c.id })}>
                  Restore
                </Button>
              ) : (
                <Button size="xs" variant="light" color="red" disabled={busy || inUse <= 1} onClick={() => retire.mutate({ id: c.id })}>
                  Retire
                </Button>
              )}
            </Group>
          ),
        }}
      />
      {editing && <ChoiceModal status={status} choice={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </SettingsSection>
  );
}

interface ChoiceValues {
  label: string;
  needsCallback: boolean;
  needsReason: boolean;
  needsNote: boolean;
}

function ChoiceModal({ status, choice, onClose }: { status: SubmitStatus; choice: FeedbackChoice | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<ChoiceValues>({
    mode: 'controlled',
    initialValues: {
      label: choice?.label ?? '',
      needsCallback: choice?.needsCallback ?? false,
      needsReason: choice?.needsReason ?? false,
      needsNote: choice?.needsNote ?? false,
    },
    validate: (v) => schemaResolver(FeedbackChoiceUpdateInput, { sync: true })({ id: choice?.id ?? 1, ...v }),
  });
  const handlers = {
    onSuccess: (saved: FeedbackChoice) => {
      notifySuccess(choice ? `${saved.label} saved.` : `${saved.label} added.`);
      void utils.shape.get.invalidate();
      onClose();
    },
    onError: (err: unknown) => {
      const fields = fieldErrorsOf(err);
      if (fields) form.setErrors(fields);
      notifyFailure(choice ? 'Could not save the choice.' : 'Could not add the choice.', err);
    },
  };
  const add = trpc.feedbackChoices.add.useMutation(handlers);
  const update = trpc.feedbackChoices.update.useMutation(handlers);
  const saving = add.isPending || update.isPending;
  return (
    <Modal opened onClose={onClose} title={choice ? `Edit ${choice.label}` : `Add a choice to ${LEAD_STATUS_LABELS[status]}`}>
      <form noValidate onSubmit={form.onSubmit((v) => (choice ? update.mutate({ id: choice.id, ...v }) : add.mutate({ status, ...v })))}>
        <Stack gap="sm">
          <TextInput
            label="Label"
            withAsterisk
            maxLength={100}
            description={choice ? 'History keeps the label each lead was given.' : undefined}
            key={form.key('label')}
            {...form.getInputProps('label')}
          />
          <Checkbox label="Asks for a callback time" key={form.key('needsCallback')} {...form.getInputProps('needsCallback', { type: 'checkbox' })} />
          <Checkbox label="Asks for a reason" key={form.key('needsReason')} {...form.getInputProps('needsReason', { type: 'checkbox' })} />
          <Checkbox label="The note must be written" key={form.key('needsNote')} {...form.getInputProps('needsNote', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {choice ? 'Save' : 'Add choice'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
