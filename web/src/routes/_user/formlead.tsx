import { createFileRoute } from '@tanstack/react-router';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pageHead } from '../../components/layout/pageTitles';
import { AddLeadForm } from '../../components/intake/AddLeadForm';
import { requireLeadWorker } from '../../components/auth/userTypeGuard';

export const Route = createFileRoute('/_user/formlead')({
  // Telecallers and heads add leads; a developer has no lead queue.
  beforeLoad: requireLeadWorker,
  head: pageHead('/formlead'),
  component: AddLeadPage,
});

function AddLeadPage() {
  const { t } = useTranslation();
  return (
    <Stack maw={640} mx="auto" w="100%">
      <div>
        <Title order={2}>{t('titles./formlead')}</Title>
        <Text c="dimmed" size="sm">
          {t('addLead.intro')}
        </Text>
      </div>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <AddLeadForm forSelf stacked />
      </Paper>
    </Stack>
  );
}
