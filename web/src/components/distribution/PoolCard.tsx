import { Button, EmptyState, Paper, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Pool } from '../../../../shared/schemas/distribution';
import { useRouteExists } from '../layout/useRouteExists';
import { formatCount } from './format';

export const UPLOAD_PATH = '/subadmin/uploaddata';

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
        <Table striped withTableBorder verticalSpacing="xs" aria-label="Unassigned leads by category">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Category</Table.Th>
              <Table.Th ta="right">Unassigned</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pool.categories.map((c) => (
              <Table.Tr key={c.category}>
                <Table.Td style={{ wordBreak: 'break-word' }}>{c.category}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatCount(c.count)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>All categories</Table.Th>
              <Table.Th ta="right" ff="monospace">
                {formatCount(pool.total)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      )}
    </Paper>
  );
}
