import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { AddLeadInput } from '../../../../shared/schemas/intake';
import { fieldErrorsOf, serverAnswered } from '../../lib/notify';
import { useSharedText } from '../../i18n/sharedText';
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
  const { t, serverText } = useSharedText();
  const utils = trpc.useUtils();
  const [values, setValues] = useState(EMPTY);
  const [category, setCategory] = useState<CategoryValue>(EMPTY_CATEGORY);
  const [errors, setErrors] = useState<Errors>({});

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
