import { Alert, Table, Text } from '@mantine/core';
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
        <Table mt="xs" verticalSpacing={4} fz="sm" aria-label="Leads assigned per person">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th ta="right">Assigned</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.perUser.map((p) => (
              <Table.Tr key={p.userId}>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatCount(p.assigned)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Alert>
  );
}
