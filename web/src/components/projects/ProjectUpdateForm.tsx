import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { trpc } from '../../trpc';
import { fieldErrorsOf, notifyFailure, notifySuccess } from '../../lib/notify';
import { formatMoney, rupeesFieldValue } from '../../lib/format';
import { rupeesToPaise, paiseToRupees } from '../../../../shared/money';
import { ProjectUpdateInput } from '../../../../shared/schemas/projects';
import { ProjectFields, type ProjectFieldValues } from './ProjectFields';
import type { Project } from './types';

interface Values extends ProjectFieldValues {
  id: number;
  received: string;
}


/** Update Project: the values proposed wait apart until the company decides (spec: payment update flow). */
export function ProjectUpdateForm({ project, onDone, onCancel }: { project: Project; onDone: () => void; onCancel?: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      id: project.id, project_name: project.project_name, clint_name: project.clint_name, number: project.number,
      price: rupeesFieldValue(project.price), received: rupeesFieldValue(project.received), commission_percentage: String(project.commission_percentage), endtime: project.endtime,
    },
    validate: schemaResolver(ProjectUpdateInput, { sync: true }),
  });
  const send = trpc.projects.requestUpdate.useMutation({
    onSuccess: (r) => {
      notifySuccess(r.message);
      void utils.projects.invalidate();
      onDone();
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields) form.setErrors(fields);
      notifyFailure('Failed to send update request.', err);
    },
  });
  const price = rupeesToPaise(form.values.price);
  const received = rupeesToPaise(form.values.received);
  const pending = price !== null && received !== null ? paiseToRupees(price - received) : null;

  return (
    <form noValidate onSubmit={form.onSubmit((v) => send.mutate({ ...v, commission_percentage: Number(v.commission_percentage) }))}>
      <Stack gap="sm">
        <ProjectFields
          form={form}
          labels={{ name: 'Project Name', client: 'Client Name', price: 'Total Price', number: 'Contact Number', end: 'End Time' }}
          money={<TextInput label="Received Payment" withAsterisk size="md" inputMode="decimal" leftSection="₹" key={form.key('received')} {...form.getInputProps('received')} />}
        />
        <Text size="sm" aria-live="polite">
          Pending Payment: <b>{pending === null ? '—' : formatMoney(pending)}</b>
        </Text>
        <Group grow gap="sm">
          {onCancel && (
            <Button variant="default" size="md" onClick={onCancel} disabled={send.isPending}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="md" loading={send.isPending}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
