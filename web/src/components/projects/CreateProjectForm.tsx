import { useEffect, useState } from 'react';
import { Button, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, rupeesFieldValue } from '../../lib/format';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { fieldErrorsOf, notifyFailure, notifySuccess } from '../../lib/notify';
import { CreateProjectInput, DEFAULT_COMMISSION } from '../../../../shared/schemas/projects';
import { ProjectFields, type ProjectFieldValues } from './ProjectFields';
import { useSharedText, withMessageIn } from '../../i18n/sharedText';

interface Values extends ProjectFieldValues {
  advance: string;
}

interface Props {
  /** the lead the project is sold to, when opened from it */
  lead?: { id: number; name: string; mobile: string };
  /** the product it starts from (Create project on a product) */
  productId?: number;
}

/** Create Project: waits for the company's approval; the advance counts as received once approved. */
export function CreateProjectForm({ lead, productId }: Props) {
  const { t } = useTranslation();
  const { serverText } = useSharedText();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: {
      project_name: '',
      clint_name: lead?.name ?? '',
      number: lead?.mobile ?? '',
      price: '',
      advance: '',
      commission_percentage: String(DEFAULT_COMMISSION),
      endtime: '',
    },
    validate: schemaResolver(CreateProjectInput, { sync: true }),
  });
  // The company's products: picking one fills the name and the price, both still editable.
  const products = trpc.products.list.useQuery({ page: 1, pageSize: 100 }, { staleTime: 60_000 });
  const [product, setProduct] = useState<string | null>(productId ? String(productId) : null);
  const pick = (id: string | null) => {
    setProduct(id);
    const p = products.data?.items.find((x) => String(x.id) === id);
    if (!p) return;
    form.setFieldValue('project_name', p.name);
    form.setFieldValue('price', rupeesFieldValue(p.price));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: fills the form once the product list arrives; pick is a new function each render
  useEffect(() => {
    if (productId && products.data) pick(String(productId));
  }, [productId, products.data]);

  const create = trpc.projects.create.useMutation({
    onSuccess: (r) => {
      notifySuccess(serverText(r.message));
      void utils.projects.invalidate();
      void utils.dashboard.tiles.invalidate();
      form.reset();
      void navigate({ to: '/' });
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields) form.setErrors(fields);
      notifyFailure(t('projects.createFailed'), err, undefined, serverText);
    },
  });

  return (
    <Stack maw={720} w="100%" mx="auto">
      <div>
        <Title order={2}>{t('titles./leadspage/createproject')}</Title>
        <Text c="dimmed" size="sm">
          {lead ? t('projects.introForLead', { name: lead.name }) : t('projects.intro')}
        </Text>
      </div>
      <Paper withBorder radius="md" p="md">
        <form
          noValidate
          onSubmit={form.onSubmit((v) =>
            create.mutate({ ...v, commission_percentage: Number(v.commission_percentage), ...(lead ? { lead_id: lead.id } : {}) }),
          )}
        >
          <Stack gap="sm">
            {!!products.data?.total && (
              <Select
                label={t('projects.product')}
                description={t('projects.productHint')}
                placeholder={t('projects.productPlaceholder')}
                searchable
                clearable
                size="md"
                data={products.data.items.map((p) => ({ value: String(p.id), label: `${p.name} · ${formatMoney(p.price)}` }))}
                value={product}
                onChange={pick}
              />
            )}
            <ProjectFields
              form={form}
              labels={{
                name: t('projects.name'),
                client: t('projects.client'),
                price: t('projects.price'),
                number: t('projects.number'),
                end: t('projects.end'),
              }}
              money={
                <TextInput
                  label={t('projects.advance')}
                  size="md"
                  inputMode="decimal"
                  leftSection="₹"
                  key={form.key('advance')}
                  {...withMessageIn(form.getInputProps('advance'), serverText)}
                />
              }
            />
            <Button type="submit" size="lg" loading={create.isPending}>
              {t('queue.createProject')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
