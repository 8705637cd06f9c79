import { Link } from '@tanstack/react-router';
import { Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { QueryState } from '../QueryState';
import { PAGE_TITLES } from '../layout/pageTitles';
import { DistributeForm } from './DistributeForm';
import { PoolCard } from './PoolCard';
import { TakeBackCard } from './TakeBackCard';

export function DistributeLeadsPage() {
  const pool = trpc.distribution.pool.useQuery();
  const assignees = trpc.distribution.assignees.useQuery();
  // One state for both: the form needs the pool and the people.
  const both = {
    isPending: pool.isPending || assignees.isPending,
    isError: pool.isError || assignees.isError,
    error: pool.error ?? assignees.error,
    data: pool.data && assignees.data ? { pool: pool.data, assignees: assignees.data } : undefined,
    refetch: () => Promise.all([pool.refetch(), assignees.refetch()]),
  };

  return (
    <Stack>
      <div>
        <Title order={2}>{PAGE_TITLES['/subadmin/Leads/distibutelead']}</Title>
        <Text c="dimmed" size="sm">
          Give unassigned leads to your telecallers and telecaller heads, or take untouched ones back.
        </Text>
      </div>
      <QueryState query={both} errorText="Failed to load the leads to distribute.">
        {({ pool: p, assignees: people }) => {
          const active = people.filter((a) => !a.blocked);
          return (
            <>
              <Grid gap="md" align="flex-start">
                <Grid.Col span={{ base: 12, md: 7 }}>
                  {active.length === 0 ? (
                    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
                      <Stack align="flex-start">
                        <Title order={4}>{people.length ? 'No active telecallers' : 'No telecallers yet'}</Title>
                        <Text size="sm" c="dimmed">
                          {people.length
                            ? 'Leads go to telecallers and telecaller heads, and all of yours are blocked. Unblock one or create another.'
                            : 'Leads go to telecallers and telecaller heads. Create one first.'}
                        </Text>
                        <Button component={Link} to="/subadmin/telicallerlist/formtelicaller" variant="light">
                          Create Telecaller
                        </Button>
                      </Stack>
                    </Paper>
                  ) : (
                    <DistributeForm pool={p} assignees={people} />
                  )}
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <PoolCard pool={p} />
                </Grid.Col>
              </Grid>
              {people.length > 0 && <TakeBackCard assignees={people} />}
            </>
          );
        }}
      </QueryState>
    </Stack>
  );
}
