import { Button, EmptyState, Paper, Text, Title } from '@mantine/core';
import { AppTable } from '../DataTable/AppTable';
import { Link } from '@tanstack/react-router';
import type { Pool } from '../../../../shared/schemas/distribution';
import { useRouteExists } from '../layout/useRouteExists';
import { formatCount } from './format';

export const UPLOAD_PATH = '/subadmin/uploaddata';
const MONO = { fontFamily: 'var(--mantine-font-family-monospace)' };

/** Nothing to distribute: say so, and where leads come from. */
export function EmptyPool() {
  const exists = useRouteExists();
  return (
    <EmptyState
      size="sm"
      title="No unassigned leads"
      description="Every lead has been given out. Upload a CSV file of leads (or wait for the next IndiaMART pull) to distribute more."
    >
      {exists(UPLOAD_PATH) && (
        <EmptyState.Actions>
          <Button component={Link} to={UPLOAD_PATH} variant="light">
            Upload leads
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}

/** The unassigned leads by category, with their total. */
export function PoolCard({ pool }: { pool: Pool }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={4} mb={4}>
        Unassigned leads
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Leads not given to anyone yet, by category.
      </Text>
      {pool.total === 0 ? (
        <EmptyPool />
      ) : (
        <AppTable
          aria-label="Unassigned leads by category"
          compact
          records={pool.categories}
          idAccessor="category"
          empty="No unassigned leads"
          columns={[
            { accessor: 'category', title: 'Category', cellsStyle: () => ({ wordBreak: 'break-word' }), footer: 'All categories' },
            {
              accessor: 'count',
              title: 'Unassigned',
              textAlign: 'right',
              cellsStyle: () => MONO,
              render: (c) => formatCount(c.count),
              footer: formatCount(pool.total),
              footerStyle: MONO,
            },
          ]}
        />
      )}
    </Paper>
  );
}
