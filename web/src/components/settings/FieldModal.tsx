import { ActionIcon, Button, Checkbox, Group, Modal, MultiSelect, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { trpc } from '../../trpc';
import { fieldErrorsOf, notifyFailure, notifySuccess } from '../../lib/notify';
import { FIELD_TYPES, FIELD_TYPE_IDS, type FieldType } from '../../../../shared/lead-fields';
import { LEAD_STATUS_LABELS, SUBMIT_STATUSES, type SubmitStatus } from '../../../../shared/lead-status';
import { LeadFieldInput } from '../../../../shared/schemas/lead-fields';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/router';

export type FieldView = inferRouterOutputs<AppRouter>['leadFields']['list'][number];

interface ChoiceRow {
  /** an existing choice's key (kept, so its values still read); none: new */
  key?: string;
  label: string;
  retired: boolean;
}

interface Values {
  label: string;
  type: FieldType;
  choices: ChoiceRow[];
  required: boolean;
  showsOn: 'details' | 'statuses';
  statuses: SubmitStatus[];
  callersEdit: boolean;
  onCards: boolean;
  hidden: boolean;
}

const TYPE_OPTIONS = FIELD_TYPE_IDS.map((t) => ({ value: t, label: FIELD_TYPES[t].label }));
const STATUS_OPTIONS = SUBMIT_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }));

const inputOf = (v: Values) => ({
  label: v.label,
  type: v.type,
  choices: FIELD_TYPES[v.type].hasChoices ? v.choices.map((c) => ({ ...(c.key ? { key: c.key } : {}), label: c.label, retired: c.retired })) : null,
  required: v.required,
  statuses: v.showsOn === 'details' ? null : v.statuses,
  callersEdit: v.callersEdit,
  onCards: v.onCards,
  hidden: v.hidden,
});

/** Add a lead field, or edit one: its label, type, choices, and where and to whom it shows (docs/lead-fields.md). */
export function FieldModal({ field, onClose }: { field: FieldView | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      label: field?.label ?? '',
      type: field?.type ?? 'text',
      choices: field?.choices?.map((c) => ({ key: c.key, label: c.label, retired: Boolean(c.retired) })) ?? [{ label: '', retired: false }],
      required: field?.required ?? false,
      showsOn: field?.statuses ? 'statuses' : 'details',
      statuses: (field?.statuses ?? []) as SubmitStatus[],
      callersEdit: field?.callersEdit ?? true,
      onCards: field?.onCards ?? false,
      hidden: field?.hidden ?? false,
    },
    validate: (v) => schemaResolver(LeadFieldInput, { sync: true })(inputOf(v)),
  });
  const handlers = {
    onSuccess: (saved: FieldView) => {
      notifySuccess(field ? `${saved.label} saved.` : `${saved.label} added.`);
      // the lead forms, cards and lists are built from the company's shape
      void utils.leadFields.list.invalidate();
      void utils.shape.get.invalidate();
      onClose();
    },
    onError: (err: unknown) => {
      const fields = fieldErrorsOf(err);
      if (fields) form.setErrors(fields);
      notifyFailure(field ? 'Could not save the field.' : 'Could not add the field.', err);
    },
  };
  const add = trpc.leadFields.add.useMutation(handlers);
  const update = trpc.leadFields.update.useMutation(handlers);
  const saving = add.isPending || update.isPending;
  const v = form.values;
  const hasChoices = FIELD_TYPES[v.type].hasChoices;

  return (
    <Modal opened onClose={onClose} title={field ? `Edit ${field.label}` : 'Add field'} size="lg">
      <form noValidate onSubmit={form.onSubmit((values) => (field ? update.mutate({ id: field.id, ...inputOf(values) }) : add.mutate(inputOf(values))))}>
        <Stack gap="sm">
          <TextInput
            label="Label"
            withAsterisk
            maxLength={60}
            description={field ? `Its key stays ${field.key} (the capture API and exports use it).` : undefined}
            key={form.key('label')}
            {...form.getInputProps('label')}
          />
          <Select
            label="Type"
            withAsterisk
            allowDeselect={false}
            data={TYPE_OPTIONS}
            disabled={field?.hasValues}
            description={field?.hasValues ? 'Leads have values in this field, so its type cannot change.' : undefined}
            key={form.key('type')}
            {...form.getInputProps('type')}
          />
          {hasChoices && <ChoicesEditor form={form} />}
          <Radio.Group label="Shows on" key={form.key('showsOn')} {...form.getInputProps('showsOn')}>
            <Group mt={6}>
              <Radio value="details" label="Lead details (every outcome)" />
              <Radio value="statuses" label="Chosen outcomes" />
            </Group>
          </Radio.Group>
          {v.showsOn === 'statuses' && (
            <MultiSelect label="Outcomes" data={STATUS_OPTIONS} placeholder="Pick outcomes" key={form.key('statuses')} {...form.getInputProps('statuses')} />
          )}
          <Checkbox label="Required when the lead form is submitted" key={form.key('required')} {...form.getInputProps('required', { type: 'checkbox' })} />
          <Checkbox label="Telecallers may edit it" key={form.key('callersEdit')} {...form.getInputProps('callersEdit', { type: 'checkbox' })} />
          <Checkbox label="Show on queue cards" key={form.key('onCards')} {...form.getInputProps('onCards', { type: 'checkbox' })} />
          <Checkbox
            label="Hidden"
            description="Not on the lead form or the cards; you still see and edit it."
            key={form.key('hidden')}
            {...form.getInputProps('hidden', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {field ? 'Save' : 'Add field'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type Form = UseFormReturnType<Values, Values, (values: Values) => FormErrors>;

/** A choice field's choices: existing ones are renamed or retired (never removed: leads may have them), new ones added. */
function ChoicesEditor({ form }: { form: Form }) {
  const choices = form.values.choices;
  const error = form.errors.choices;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Choices
      </Text>
      {choices.map((c, i) => (
        <Group key={c.key ?? `new-${i}`} gap={6} wrap="nowrap">
          <TextInput
            flex={1}
            aria-label={`Choice ${i + 1}`}
            placeholder="Choice label"
            maxLength={100}
            disabled={c.retired}
            key={form.key(`choices.${i}.label`)}
            {...form.getInputProps(`choices.${i}.label`)}
          />
          <ActionIcon
            variant="light"
            aria-label={`Move choice ${i + 1} up`}
            disabled={i === 0}
            onClick={() => form.reorderListItem('choices', { from: i, to: i - 1 })}
          >
            ↑
          </ActionIcon>
          <ActionIcon
            variant="light"
            aria-label={`Move choice ${i + 1} down`}
            disabled={i === choices.length - 1}
            onClick={() => form.reorderListItem('choices', { from: i, to: i + 1 })}
          >
            ↓
          </ActionIcon>
          {c.key ? (
            <Button size="xs" variant="light" color={c.retired ? 'blue' : 'gray'} onClick={() => form.setFieldValue(`choices.${i}.retired`, !c.retired)}>
              {c.retired ? 'Restore' : 'Retire'}
            </Button>
          ) : (
            <Button size="xs" variant="light" color="red" onClick={() => form.removeListItem('choices', i)}>
              Remove
            </Button>
          )}
        </Group>
      ))}
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
      <Group>
        <Button size="xs" variant="subtle" onClick={() => form.insertListItem('choices', { label: '', retired: false })}>
          Add choice
        </Button>
      </Group>
    </Stack>
  );
}
