import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { PAGE_TITLES } from '../layout/pageTitles';
import { AppTable } from '../DataTable/AppTable';
import { ConfirmModal } from '../users/ConfirmModal';
import { SettingsSection } from './SettingsSection';
import { FieldModal, type FieldView } from './FieldModal';
import { FIELD_TYPES, MAX_ACTIVE_FIELDS } from '../../../../shared/lead-fields';
import { LEAD_STATUS_LABELS, type LeadStatus } from '../../../../shared/lead-status';

const showsOn = (f: FieldView) => (f.statuses ? f.statuses.map((s) => LEAD_STATUS_LABELS[s as LeadStatus] ?? s).join(', ') : 'Lead details');

/** The sub-admin's Lead fields: the company's own fields on its leads (docs/lead-fields.md). */
export function LeadFieldsPage() {
  const utils = trpc.useUtils();
  const fields = trpc.leadFields.list.useQuery();
  const [editing, setEditing] = useState<FieldView | 'new' | null>(null);
  const [toRetire, setToRetire] = useState<FieldView | null>(null);
  const changed = (message?: string) => {
    if (message) notifySuccess(message);
    void utils.leadFields.list.invalidate();
    // the lead forms, cards and lists are built from the company's shape
    void utils.shape.get.invalidate();
  };
  const move = trpc.leadFields.move.useMutation({
    onSuccess: (list) => {
      utils.leadFields.list.setData(undefined, list);
      void utils.shape.get.invalidate();
    },
    onError: (e) => notifyFailure('Could not move the field.', e),
  });
  const setHidden = trpc.leadFields.setHidden.useMutation({
    onSuccess: (f) => changed(f.hidden ? `${f.label} hidden.` : `${f.label} shown.`),
    onError: (e) => notifyFailure('Could not change the field.', e),
  });
  const retire = trpc.leadFields.retire.useMutation({
    onSuccess: (f) => {
      setToRetire(null);
      changed(`${f.label} retired.`);
    },
    onError: (e) => notifyFailure('Could not retire the field.', e),
  });
  const restore = trpc.leadFields.restore.useMutation({
    onSuccess: (f) => changed(`${f.label} restored.`),
    onError: (e) => notifyFailure('Could not restore the field.', e),
  });
  const list = fields.data ?? [];
  const inUse = list.filter((f) => !f.retired).length;
  const busy = move.isPending || setHidden.isPending || retire.isPending || restore.isPending;

  return (
    <Stack>
      <div>
        <Title order={2}>{PAGE_TITLES['/subadmin/lead-fields']}</Title>
        <Text c="dimmed" size="sm">
          Your own fields on every lead, beside name, mobile, email, requirement and area: on the lead form, the lead page, the cards, the lists, the capture
          API and the exports.
        </Text>
      </div>
      <SettingsSection
        title="Fields"
        description={`In this order on the lead form. ${inUse} of ${MAX_ACTIVE_FIELDS} in use; a retired field keeps its values on the leads and does not count.`}
      >
        <Group justify="flex-end">
          <Button onClick={() => setEditing('new')} disabled={inUse >= MAX_ACTIVE_FIELDS}>
            Add field
          </Button>
        </Group>
        <AppTable<FieldView>
          aria-label="Lead fields"
          compact
          minWidth={720}
          query={fields}
          records={fields.data}
          empty="No fields yet: add the first one."
          columns={[
            {
              accessor: 'label',
              title: 'Field',
              render: (f) => (
                <div>
                  <Text size="sm" fw={500} c={f.retired ? 'dimmed' : undefined}>
                    {f.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {f.key}
                  </Text>
                </div>
              ),
            },
            { accessor: 'type', title: 'Type', render: (f) => FIELD_TYPES[f.type].label },
            { accessor: 'statuses', title: 'Shows on', render: (f) => <Text size="sm">{showsOn(f)}</Text> },
            {
              accessor: 'required',
              title: 'Marks',
              render: (f) => (
                <Group gap={4}>
                  {f.retired && <Badge color="gray">Retired</Badge>}
                  {f.hidden && <Badge color="yellow">Hidden</Badge>}
                  {f.required && (
                    <Badge color="red" variant="light">
                      Required
                    </Badge>
                  )}
                  {f.onCards && <Badge variant="light">On cards</Badge>}
                  {!f.callersEdit && (
                    <Badge variant="outline" color="gray">
                      Read only
                    </Badge>
                  )}
                </Group>
              ),
            },
          ]}
          actions={{
            render: (f, i) => (
              <Group gap={6} wrap="nowrap" justify="flex-end">
                <ActionIcon
                  variant="light"
                  aria-label={`Move ${f.label} up`}
                  disabled={i === 0 || busy}
                  onClick={() => move.mutate({ id: f.id, direction: 'up' })}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="light"
                  aria-label={`Move ${f.label} down`}
                  disabled={i === list.length - 1 || busy}
                  onClick={() => move.mutate({ id: f.id, direction: 'down' })}
                >
                  ↓
                </ActionIcon>
                <Button size="xs" variant="light" onClick={() => setEditing(f)}>
                  Edit
                </Button>
                {!f.retired && (
                  <Button size="xs" variant="light" color="yellow" disabled={busy} onClick={() => setHidden.mutate({ id: f.id, hidden: !f.hidden })}>
                    {f.hidden ? 'Show' : 'Hide'}
                  </Button>
                )}
                {f.retired ? (
                  <Button size="xs" variant="light" disabled={busy || inUse >= MAX_ACTIVE_FIELDS} onClick={() => restore.mutate({ id: f.id })}>
                    Restore
                  </Button>
                ) : (
                  <Button size="xs" variant="light" color="red" onClick={() => setToRetire(f)}>
                    Retire
                  </Button>
                )}
              </Group>
            ),
          }}
        />
      </SettingsSection>
      {editing && <FieldModal field={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmModal
        opened={!!toRetire}
        title="Retire field"
        confirmLabel="Retire"
        loading={retire.isPending}
        onConfirm={() => toRetire && retire.mutate({ id: toRetire.id })}
        onClose={() => setToRetire(null)}
      >
        {toRetire
          ? `${toRetire.label} will no longer be asked for anywhere. Leads keep the values they have, in their history and exports, and you can restore it later.`
          : ''}
      </ConfirmModal>
    </Stack>
  );
}
