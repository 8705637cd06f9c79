import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { AddLeadInput } from '../../../../shared/schemas/intake';
import { fieldErrorsOf, serverAnswered } from '../../lib/notify';
import { CategoryField, categoryOf, EMPTY_CATEGORY, type CategoryValue } from './CategoryField';

type Errors = Partial<Record<'name' | 'mobile' | 'requirement' | 'area' | 'category', string>>;

const EMPTY = { name: '', mobile: '', requirement: '', area: '' };

interface Props {
  /** a sub-admin's lead goes to the pool; a telecaller's to its own queue */
  forSelf: boolean;
  /** one column, large touch targets (the telecaller's phone) */
  stacked?: boolean;
}

/** One lead typed in by hand: name, mobile, requirement, area, category. */
export function AddLeadForm({ forSelf, stacked }: Props) {
  const utils = trpc.useUtils();
  const [values, setValues] = useState(EMPTY);
  const [category, setCategory] = useState<CategoryValue>(EMPTY_CATEGORY);
  const [errors, setErrors] = useState<Errors>({});

  const add = trpc.intake.addLead.useMutation({
    onSuccess: (lead) => {
      notifySuccess(forSelf ? `Lead added to your new leads: ${lead.name}.` : `Lead added to the pool: ${lead.name}.`);
      setValues(EMPTY);
      setCategory(EMPTY_CATEGORY);
      setErrors({});
      void utils.invalidate();
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields) setErrors(fields as Errors);
      else if (err.data?.code === 'CONFLICT') setErrors({ mobile: err.message });
      notifications.show({
        title: 'Lead not added',
        message: serverAnswered(err) ? err.message : 'Please check your connection and try again.',
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
    const input = { ...values, category: categoryOf(category) };
    const parsed = AddLeadInput.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as keyof Errors;
        next[k] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    add.mutate(input);
  }

  const size = stacked ? 'md' : 'sm';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: stacked ? 1 : 2 }} spacing="sm">
          <TextInput label="Name" required size={size} autoComplete="off" maxLength={200} value={values.name} onChange={set('name')} error={errors.name} />
          <TextInput
            label="Mobile"
            required
            size={size}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="10-digit mobile number"
            maxLength={20}
            value={values.mobile}
            onChange={set('mobile')}
            error={errors.mobile}
          />
        </SimpleGrid>
        <Textarea
          label="Requirement"
          size={size}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={5000}
          placeholder="What the customer is looking for"
          value={values.requirement}
          onChange={set('requirement')}
          error={errors.requirement}
        />
        <TextInput label="Area" size={size} autoComplete="off" maxLength={200} placeholder="City or locality" value={values.area} onChange={set('area')} error={errors.area} />
        <CategoryField
          value={category}
          onChange={(v) => {
            setCategory(v);
            setErrors((s) => ({ ...s, category: undefined }));
          }}
          error={errors.category}
          stacked={stacked}
          size={size}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending} size={size} fullWidth={stacked}>
            Add Lead
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
