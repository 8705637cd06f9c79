import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { AddLeadInput } from '../../../../shared/schemas/intake';
import { fieldErrorsOf, serverAnswered } from '../../lib/notify';
import { useSharedText } from '../../i18n/sharedText';
import { CategoryField, categoryOf, EMPTY_CATEGORY, type CategoryValue } from './CategoryField';
import { useCompanyShape } from '../../lib/useCompanyShape';
import { addLeadFields, addLeadIssues } from '../../../../shared/lead-form-rules';
import { FieldInput, type FieldFormValue } from '../lead-fields/fieldInputs';

type Errors = Partial<Record<string, string>>;

const EMPTY = { name: '', mobile: '', requirement: '', area: '', email: '' };

interface Props {
  /** a sub-admin's lead goes to the pool; a telecaller's to its own queue */
  forSelf: boolean;
  /** one column, large touch targets (the telecaller's phone) */
  stacked?: boolean;
}

/** One lead typed in by hand: name, mobile, requirement, area, email, the company's details fields, category. */
export function AddLeadForm({ forSelf, stacked }: Props) {
  const { t, serverText } = useSharedText();
  const utils = trpc.useUtils();
  const [values, setValues] = useState(EMPTY);
  const [category, setCategory] = useState<CategoryValue>(EMPTY_CATEGORY);
  const [errors, setErrors] = useState<Errors>({});
  const [fieldValues, setFieldValues] = useState<Record<string, FieldFormValue>>({});
  // The company's details fields this person may fill in (docs/lead-fields.md).
  const shape = useCompanyShape().data;
  const extraFields = shape ? addLeadFields(shape, forSelf ? 'caller' : 'company') : [];
  const add = trpc.intake.addLead.useMutation({
    onSuccess: (lead) => {
      const said =
        lead.routing === 'waiting'
          ? t('addLead.addedWaiting', { name: lead.name })
          : lead.routing
            ? t('addLead.addedRouted', { name: lead.name, to: lead.routing.to })
            : t(forSelf ? 'addLead.addedToMine' : 'addLead.addedToPool', { name: lead.name });
      notifySuccess(said);
      setValues(EMPTY);
      setCategory(EMPTY_CATEGORY);
      setFieldValues({});
      setErrors({});
      void utils.invalidate();
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields) setErrors(fields as Errors);
      else if (err.data?.code === 'CONFLICT') setErrors({ mobile: err.message });
      notifications.show({
        title: t('addLead.notAdded'),
        message: serverText(serverAnswered(err) ? err.message : 'Please check your connection and try again.'),
        color: 'red',
        autoClose: 3000,
      });
    },
  });

  const set = (k: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const v = e.currentTarget.value;
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((s) => ({ ...s, [k]: undefined }));
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const fields = Object.fromEntries(extraFields.map((f) => [f.key, fieldValues[f.key] ?? null]));
    const input = { ...values, category: categoryOf(category), fields };
    const parsed = AddLeadInput.safeParse(input);
    // The schema's checks, then the company's (the same function the server runs).
    const next: Errors = shape ? addLeadIssues(shape, input, forSelf ? 'caller' : 'company') : {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const k = issue.path.join('.');
      next[k] ??= issue.message;
    }
    if (Object.keys(next).length) {
      setErrors(next);
      return;
    }
    add.mutate(input);
  }

  const size = stacked ? 'md' : 'sm';
  /** a field's message (the shared schema's or the server's English), in the reader's language */
  const shown = (message: string | undefined) => message && serverText(message);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: stacked ? 1 : 2 }} spacing="sm">
          <TextInput
            label={t('addLead.name')}
            required
            size={size}
            autoComplete="off"
            maxLength={200}
            value={values.name}
            onChange={set('name')}
            error={shown(errors.name)}
          />
          <TextInput
            label={t('addLead.mobile')}
            required
            size={size}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder={t('addLead.mobilePlaceholder')}
            maxLength={20}
            value={values.mobile}
            onChange={set('mobile')}
            error={shown(errors.mobile)}
          />
        </SimpleGrid>
        <Textarea
          label={t('addLead.requirement')}
          size={size}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={5000}
          placeholder={t('addLead.requirementPlaceholder')}
          value={values.requirement}
          onChange={set('requirement')}
          error={shown(errors.requirement)}
        />
        <TextInput
          label={t('addLead.area')}
          size={size}
          autoComplete="off"
          maxLength={200}
          placeholder={t('addLead.areaPlaceholder')}
          value={values.area}
          onChange={set('area')}
          error={shown(errors.area)}
        />
        <TextInput
          label={t('addLead.email')}
          size={size}
          type="email"
          inputMode="email"
          autoComplete="off"
          maxLength={254}
          value={values.email}
          onChange={set('email')}
          error={shown(errors.email)}
        />
        {extraFields.map((f) => (
          <FieldInput
            key={f.key}
            field={f}
            value={fieldValues[f.key] ?? null}
            onChange={(v) => {
              setFieldValues((s) => ({ ...s, [f.key]: v }));
              setErrors((s) => ({ ...s, [`fields.${f.key}`]: undefined }));
            }}
            error={shown(errors[`fields.${f.key}`])}
          />
        ))}
        <CategoryField
          value={category}
          onChange={(v) => {
            setCategory(v);
            setErrors((s) => ({ ...s, category: undefined }));
          }}
          error={shown(errors.category)}
          stacked={stacked}
          size={size}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending} size={size} fullWidth={stacked}>
            {t('addLead.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
