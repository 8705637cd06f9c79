import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { useSharedText, withMessageIn } from '../../i18n/sharedText';
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

/** Update Project: the values proposed wait apart until the company decides (docs/product-rules.md#projects-and-tasks). */
export function ProjectUpdateForm({ project, onDone, onCancel }: { project: Project; onDone: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const { serverText } = useSharedText();
  const utils = trpc.useUtils();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      id: project.id,
      project_name: project.project_name,
      clint_name: project.clint_name,
      number: project.number,
      price: rupeesFieldValue(project.price),
      received: rupeesFieldValue(project.received),
      commission_percentage: String(project.commission_percentage),
      endtime: project.endtime,
    },
    validate: schemaResolver(ProjectUpdateInput, { sync: true }),
  });
  const send = trpc.projects.requestUpdate.useMutation({
    onSuccess: (r) => {
      notifySuccess(serverText(r.message));
      void utils.projects.invalidate();
      onDone();
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields) form.setErrors(fields);
      notifyFailure(t('projects.update.failed'), err, undefined, serverText);
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
          labels={{
            name: t('projects.update.name'),
            client: t('projects.update.client'),
            price: t('projects.update.price'),
            number: t('projects.update.number'),
            end: t('projects.update.end'),
          }}
          money={
            <TextInput
              label={t('projects.update.received')}
              withAsterisk
              size="md"
              inputMode="decimal"
              leftSection="₹"
              key={form.key('received')}
              {...withMessageIn(form.getInputProps('received'), serverText)}
            />
          }
        />
        <Text size="sm" aria-live="polite">
          {t('projects.update.pending')} <b>{pending === null ? '—' : formatMoney(pending)}</b>
        </Text>
        <Group grow gap="sm">
          {onCancel && (
            <Button variant="default" size="md" onClick={onCancel} disabled={send.isPending}>
              {t('form.cancel')}
            </Button>
          )}
          <Button type="submit" size="md" loading={send.isPending}>
            {t('projects.update.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
