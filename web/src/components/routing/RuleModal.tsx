import { Button, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { trpc } from '../../trpc';
import { fieldErrorsOf, notifyFailure, notifySuccess } from '../../lib/notify';
import { USER_TYPE_LABELS } from '../../../../shared/constants';
import { useCompanyShape } from '../../lib/useCompanyShape';
import {
  ROUTABLE_FIELD_TYPES,
  ROUTING_RULE_FIELDS,
  ROUTING_RULE_MATCHES,
  RULE_FIELD_LABELS,
  RULE_MATCH_LABELS,
  RoutingRuleInput,
  type AvailabilityRow,
  type RoutingRuleField,
  type RoutingRuleMatch,
  type RoutingRuleView,
} from '../../../../shared/schemas/routing';

interface Values {
  field: RoutingRuleField;
  /** a field rule's lead field id, as the select holds it */
  fieldId: string | null;
  match: RoutingRuleMatch;
  value: string;
  userIds: string[];
}

const inputOf = (v: Values) => ({ ...v, fieldId: v.field === 'field' && v.fieldId ? Number(v.fieldId) : null, match: v.match, userIds: v.userIds.map(Number) });

/** Add a rule, or edit one: what it looks at, how it matches, the value, and the people its leads go to. */
export function RuleModal({ rule, people, onClose }: { rule: RoutingRuleView | null; people: AvailabilityRow[]; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      field: rule?.field ?? 'category',
      fieldId: rule?.fieldId ? String(rule.fieldId) : null,
      match: rule?.match ?? 'is',
      value: rule?.value ?? '',
      userIds: rule?.members.map((m) => String(m.id)) ?? [],
    },
    validate: (v) => schemaResolver(RoutingRuleInput, { sync: true })(inputOf(v)),
  });
  const shape = useCompanyShape();
  // Fields in use whose values are text or choices; a retired field a rule still names stays listed, marked.
  const fields = (shape.data?.fields ?? []).filter(
    (f) => (ROUTABLE_FIELD_TYPES as readonly string[]).includes(f.type) && (!f.retired || f.id === rule?.fieldId),
  );
  const chosenField = form.values.field === 'field' ? fields.find((f) => String(f.id) === form.values.fieldId) : undefined;
  const choices = chosenField && (chosenField.type === 'choice' || chosenField.type === 'multiChoice') ? (chosenField.choices ?? []) : null;
  const handlers = {
    onSuccess: () => {
      notifySuccess(rule ? 'Rule updated.' : 'Rule added.');
      void utils.routing.rules.invalidate();
      onClose();
    },
    onError: (err: unknown) => {
      const fields = fieldErrorsOf(err);
      if (fields) form.setErrors(fields);
      notifyFailure(rule ? 'Could not update the rule.' : 'Could not add the rule.', err);
    },
  };
  const create = trpc.routing.createRule.useMutation(handlers);
  const update = trpc.routing.updateRule.useMutation(handlers);
  const saving = create.isPending || update.isPending;
  // People already in the rule stay listed even when they are no longer the company's.
  const options = [
    ...people.map((p) => ({ value: String(p.id), label: `${p.name} (${USER_TYPE_LABELS[p.userType]})` })),
    ...(rule?.members ?? []).filter((m) => !people.some((p) => p.id === m.id)).map((m) => ({ value: String(m.id), label: m.name })),
  ];
  return (
    <Modal opened onClose={onClose} title={rule ? 'Edit rule' : 'Add rule'} size="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((v) => {
          const input = inputOf(v);
          return rule ? update.mutate({ id: rule.id, ...input }) : create.mutate(input);
        })}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label="When the lead's"
              withAsterisk
              allowDeselect={false}
              data={ROUTING_RULE_FIELDS.map((f) => ({ value: f, label: RULE_FIELD_LABELS[f] }))}
              key={form.key('field')}
              {...form.getInputProps('field')}
            />
            <Select
              label="Matches"
              withAsterisk
              allowDeselect={false}
              data={ROUTING_RULE_MATCHES.filter((m) => !choices || m === 'is').map((m) => ({ value: m, label: RULE_MATCH_LABELS[m] }))}
              key={form.key('match')}
              {...form.getInputProps('match')}
            />
          </SimpleGrid>
          {form.values.field === 'field' && (
            <Select
              label="Lead field"
              description="A text, choice, phone, email or link field. The rule follows the field when it is renamed; a retired field's rule matches no lead."
              withAsterisk
              allowDeselect={false}
              nothingFoundMessage="No text or choice fields: add one on the Lead fields page"
              data={fields.map((f) => ({ value: String(f.id), label: f.retired ? `${f.label} (retired)` : f.label }))}
              key={form.key('fieldId')}
              {...form.getInputProps('fieldId')}
            />
          )}
          {choices ? (
            <Select
              label="Value"
              description="A lead whose field has this choice (for a multiple choice: among its choices) matches."
              withAsterisk
              allowDeselect={false}
              data={choices.filter((c) => !c.retired || c.key === form.values.value).map((c) => ({ value: c.key, label: c.label }))}
              key={form.key('value')}
              {...form.getInputProps('value')}
            />
          ) : (
            <TextInput
              label="Value"
              description="Upper and lower case are the same: 'is pune' matches Pune; 'contains solar' matches Rooftop Solar Panels."
              withAsterisk
              maxLength={100}
              data-autofocus
              key={form.key('value')}
              {...form.getInputProps('value')}
            />
          )}
          <MultiSelect
            label="Send to"
            description="The matching leads go only to these people, the one with the fewest today first; while none of them is available, the leads wait."
            placeholder="Pick people"
            withAsterisk
            searchable
            nothingFoundMessage="Nobody by that name"
            data={options}
            key={form.key('userIds')}
            {...form.getInputProps('userIds')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save rule
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
