import { useEffect } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { DateRangeInput } from '../../../../shared/schemas/summaries';
import { useSharedText, withMessageIn } from '../../i18n/sharedText';

interface Props {
  from: string;
  to: string;
  onApply: (range: { from: string; to: string }) => void;
  /** shown beside Apply Filter: other filters of the page */
  children?: React.ReactNode;
  /** the range's rules when the report's differ from the summaries' (a shorter longest range) */
  schema?: typeof DateRangeInput;
}

/** From and To (company dates, both included) and Apply Filter; the shared schema checks the order and the length. */
export function DateRangeForm({ from, to, onApply, children, schema = DateRangeInput }: Props) {
  const { t, serverText } = useSharedText();
  const form = useForm({ mode: 'controlled', initialValues: { from, to }, validate: schemaResolver(schema, { sync: true }) });
  const field = (name: 'from' | 'to') => withMessageIn(form.getInputProps(name), serverText);

  // Back and forward change the URL's range: the fields follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields follow the URL's range only; the form object is new each render
  useEffect(() => {
    form.setValues({ from, to });
    form.resetDirty();
    form.clearErrors();
  }, [from, to]);

  return (
    <form onSubmit={form.onSubmit((v) => onApply({ from: v.from, to: v.to }))} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput type="date" label={t('range.from')} key={form.key('from')} {...field('from')} style={{ flex: '1 1 150px' }} maw={220} />
        <TextInput type="date" label={t('range.to')} key={form.key('to')} {...field('to')} style={{ flex: '1 1 150px' }} maw={220} />
        {children}
        <Button type="submit" mt={{ base: 0, xs: 25 }} style={{ flex: '0 0 auto' }}>
          {t('range.apply')}
        </Button>
      </Group>
    </form>
  );
}
