import { Alert, Box, Text } from '@mantine/core';
import { AppTable } from '../DataTable/AppTable';
import type { DistributeResult } from '../../../../shared/schemas/distribution';
import { formatCount } from './format';

/** What the last distribution did: the server's sentence, and who got how many. */
export function DistributionResult({ result, onClose }: { result: DistributeResult; onClose: () => void }) {
  const complete = result.assigned === result.requested;
  const title =
    result.assigned === 0
      ? 'Nothing was assigned'
      : complete
        ? `Assigned ${formatCount(result.assigned)} ${result.assigned === 1 ? 'lead' : 'leads'}`
        : `Assigned ${formatCount(result.assigned)} of ${formatCount(result.requested)}`;
  return (
    <Alert color={complete ? 'green' : 'orange'} variant="light" title={title} withCloseButton onClose={onClose} closeButtonLabel="Dismiss" role="status">
      <Text size="sm">{result.message}</Text>
      {result.perUser.length > 1 && (
        <Box mt="xs">
          <AppTable
            aria-label="Leads assigned per person"
            compact
            records={result.perUser}
            idAccessor="userId"
            empty="Nobody was given leads."
            columns={[
              { accessor: 'name', title: 'Name' },
              {
                accessor: 'assigned',
                title: 'Assigned',
                textAlign: 'right',
                cellsStyle: () => ({ fontFamily: 'var(--mantine-font-family-monospace)' }),
                render: (p) => formatCount(p.assigned),
              },
            ]}
          />
        </Box>
      )}
    </Alert>
  );
}
