import { useState } from 'react';
import { Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { formatMoney } from '../../lib/format';
import { QueryState } from '../QueryState';
import { ProjectUpdateForm } from './ProjectUpdateForm';

/** Update Payment: pick a project with money pending, then the same request as Pending Payment's. */
export function UpdatePaymentPage() {
  const { t } = useTranslation();
  // The telecaller's projects with money to come in; a long tail is found by its name in the select.
  const projects = trpc.projects.mine.useQuery({ list: 'pendingPayment', page: 1, pageSize: 100 });
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Stack maw={720} w="100%" mx="auto">
      <div>
        <Title order={2}>{t('titles./leadspage/updatepayment')}</Title>
        <Text c="dimmed" size="sm">
          {t('projects.payment.intro')}
        </Text>
      </div>
      <QueryState query={projects} empty={t('projects.lists.pendingPayment.empty')} isEmpty={(d) => d.total === 0} errorText={t('projects.pendingFailed')}>
        {(data) => {
          const project = data.items.find((p) => String(p.id) === chosen);
          return (
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Select
                  label={t('projects.payment.project')}
                  placeholder={t('projects.payment.choose')}
                  searchable
                  size="md"
                  data={data.items.map((p) => ({
                    value: String(p.id),
                    label: t('projects.payment.option', { name: p.project_name, client: p.clint_name, amount: formatMoney(p.pending) }),
                    disabled: p.update_pending,
                  }))}
                  value={chosen}
                  onChange={setChosen}
                />
                {project?.update_pending === false && <ProjectUpdateForm key={project.id} project={project} onDone={() => setChosen(null)} />}
              </Stack>
            </Paper>
          );
        }}
      </QueryState>
    </Stack>
  );
}
