import { createFileRoute } from '@tanstack/react-router';
import { telecallersOnly } from '../../components/auth/telecallersOnly';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { PAGE_TITLES, pageHead } from '../../components/layout/pageTitles';
import { AddLeadForm } from '../../components/intake/AddLeadForm';

export const Route = createFileRoute('/_user/formlead')({
  // Telecallers and heads add leads; a developer has no lead queue.
  beforeLoad: telecallersOnly,
  head: pageHead('/formlead'),
  component: AddLeadPage,
});

function AddLeadPage() {
  return (
    <Stack maw={640} mx="auto" w="100%">
      <div>
        <Title order={2}>{PAGE_TITLES['/formlead']}</Title>
        <Text c="dimmed" size="sm">
          A lead you found yourself. It goes straight into your new leads.
        </Text>
      </div>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <AddLeadForm forSelf stacked />
      </Paper>
    </Stack>
  );
}
