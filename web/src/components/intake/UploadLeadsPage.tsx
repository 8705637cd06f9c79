import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { PAGE_TITLES } from '../layout/pageTitles';
import { UploadLeadsCard } from './UploadLeadsCard';
import { UploadHistoryCard } from './UploadHistoryCard';
import { AddLeadForm } from './AddLeadForm';

export function UploadLeadsPage() {
  return (
    <Stack>
      <div>
        <Title order={2}>{PAGE_TITLES['/subadmin/uploaddata']}</Title>
        <Text c="dimmed" size="sm">
          Add leads from a CSV file or one at a time. New leads wait in the pool until you distribute them, unless your lead routing hands them out.
        </Text>
      </div>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <UploadLeadsCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
            <Stack>
              <div>
                <Title order={4}>Add a lead</Title>
                <Text size="sm" c="dimmed">
                  One lead typed in by hand; it goes to the pool, or to a telecaller when Lead Routing routes Add Lead.
                </Text>
              </div>
              <AddLeadForm forSelf={false} />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <UploadHistoryCard />
    </Stack>
  );
}
