import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AddLeadForm } from './AddLeadForm';

export function AddLeadPage() {
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
