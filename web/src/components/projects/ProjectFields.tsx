import type { ReactNode } from 'react';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { COMMISSION_OPTIONS } from '../../../../shared/constants';
import { useSharedText, withMessageIn } from '../../i18n/sharedText';

export const COMMISSION_DATA = COMMISSION_OPTIONS.map((c) => ({ value: String(c), label: `${c}%` }));

export interface ProjectFieldValues {
  project_name: string;
  clint_name: string;
  number: string;
  price: string;
  commission_percentage: string;
  endtime: string;
}

interface Props<V extends ProjectFieldValues> {
  form: UseFormReturnType<V>;
  labels: { name: string; client: string; price: string; number: string; end: string };
  /** the money received (the advance, or the payment so far), beside the price */
  money: ReactNode;
}

/** The fields a project and its update share, in the original app's order: name, client, number, price, money in, commission, end. */
export function ProjectFields<V extends ProjectFieldValues>({ form, labels, money }: Props<V>) {
  const f = form as unknown as UseFormReturnType<ProjectFieldValues>;
  const { t } = useTranslation();
  const { serverText } = useSharedText();
  const field = (name: keyof ProjectFieldValues) => withMessageIn(f.getInputProps(name), serverText);
  return (
    <>
      <TextInput label={labels.name} withAsterisk size="md" maxLength={200} key={f.key('project_name')} {...field('project_name')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label={labels.client} withAsterisk size="md" maxLength={200} key={f.key('clint_name')} {...field('clint_name')} />
        <TextInput label={labels.number} withAsterisk size="md" type="tel" inputMode="tel" autoComplete="off" key={f.key('number')} {...field('number')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label={labels.price} withAsterisk size="md" inputMode="decimal" leftSection="₹" key={f.key('price')} {...field('price')} />
        {money}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label={t('projects.commission')}
          size="md"
          data={COMMISSION_DATA}
          allowDeselect={false}
          key={f.key('commission_percentage')}
          {...field('commission_percentage')}
        />
        <TextInput label={labels.end} withAsterisk size="md" type="date" key={f.key('endtime')} {...field('endtime')} />
      </SimpleGrid>
    </>
  );
}
