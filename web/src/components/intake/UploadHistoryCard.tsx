import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { QueryState } from '../QueryState';
import { Pager } from '../Pager';
import { formatCount, formatDateTime } from '../../lib/format';
import type { BatchStatus, UploadHistoryRow } from '../../../../shared/schemas/intake';
import { InvalidRowsTable } from './UploadResultCard';

const PAGE_SIZE = 10;

const STATUS: Record<BatchStatus, { label: string; color: string }> = {
  complete: { label: 'Complete', color: 'green' },
  running: { label: 'In progress', color: 'blue' },
  failed: { label: 'Failed', color: 'red' },
};

export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  const s = STATUS[status] ?? STATUS.failed;
  return (
    <Badge size="sm" variant="light" color={s.color} tt="none">
      {s.label}
    </Badge>
  );
}

function Count({ label, value }: { label: string; value: number | null }) {
  return (
    <div>
      <Text size="xs" tt="uppercase" fw={600} c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value === null ? '—' : formatCount(value)}</Text>
    </div>
  );
}

/** One upload's report: counts, why it failed, the invalid lines. */
function BatchReportModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const report = trpc.intake.batch.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  return (
    <Modal opened={id !== null} onClose={onClose} title="Upload report" size="lg">
      <QueryState query={report} errorText="Could not load the report.">
        {(r) => (
          <Stack>
            <div>
              <Group gap="xs">
                <Text fw={600} style={{ wordBreak: 'break-all' }}>
                  {r.fileName}
                </Text>
                <BatchStatusBadge status={r.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {r.category} · by {r.uploadedBy} · {formatDateTime(r.createdAt)}
              </Text>
            </div>
            {r.error && (
              <Alert color="red" variant="light" title="Nothing from this upload was saved">
                {r.error}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Count label="Rows read" value={r.rows} />
              <Count label="Added" value={r.inserted} />
              <Count label="Duplicates" value={r.duplicates} />
              <Count label="Invalid" value={r.invalid} />
            </SimpleGrid>
            {r.duplicatesInFile !== null && r.duplicatesExisting !== null && r.status === 'complete' && (
              <Text size="sm" c="dimmed">
                Duplicates: {formatCount(r.duplicatesInFile)} repeated in the file, {formatCount(r.duplicatesExisting)} already in your leads.
              </Text>
            )}
            {r.invalidRows.length ? (
              <InvalidRowsTable rows={r.invalidRows} total={r.invalid} />
            ) : (
              <Text size="sm" c="dimmed">
                No invalid rows.
              </Text>
            )}
          </Stack>
        )}
      </QueryState>
    </Modal>
  );
}

function HistoryTable({ items, onOpen }: { items: UploadHistoryRow[]; onOpen: (id: number) => void }) {
  return (
    <>
      <Stack gap="xs" hiddenFrom="sm">
        {items.map((b) => (
          <Paper key={b.id} withBorder p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" truncate="end">
                  {b.fileName}
                </Text>
                <Text size="xs" c="dimmed">
                  {b.category} · {b.uploadedBy} · {formatDateTime(b.createdAt)}
                </Text>
                <Text size="xs">
                  {formatCount(b.inserted)} added · {formatCount(b.duplicates)} duplicates · {formatCount(b.invalid)} invalid
                </Text>
              </div>
              <BatchStatusBadge status={b.status} />
            </Group>
            <Button mt="xs" size="compact-sm" variant="light" onClick={() => onOpen(b.id)}>
              View report
            </Button>
          </Paper>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={860} visibleFrom="sm">
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th ta="right">Added</Table.Th>
              <Table.Th ta="right">Duplicates</Table.Th>
              <Table.Th ta="right">Invalid</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Uploaded by</Table.Th>
              <Table.Th>When</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td maw={240}>
                  <Text size="sm" truncate="end" title={b.fileName}>
                    {b.fileName}
                  </Text>
                </Table.Td>
                <Table.Td>{b.category}</Table.Td>
                <Table.Td ta="right">{formatCount(b.inserted)}</Table.Td>
                <Table.Td ta="right">{formatCount(b.duplicates)}</Table.Td>
                <Table.Td ta="right">{formatCount(b.invalid)}</Table.Td>
                <Table.Td>
                  <BatchStatusBadge status={b.status} />
                </Table.Td>
                <Table.Td>{b.uploadedBy}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(b.createdAt)}</Table.Td>
                <Table.Td ta="right">
                  <Button size="compact-sm" variant="light" onClick={() => onOpen(b.id)} aria-label={`View the report of ${b.fileName}`}>
                    Report
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/** The company's uploads and IndiaMART pulls, newest first, paged on the server. */
export function UploadHistoryCard() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const history = trpc.intake.history.useQuery(
    { page, pageSize: PAGE_SIZE },
    {
      placeholderData: (prev) => prev,
      // An upload from another tab may still be running: look again until it ends.
      refetchInterval: (q) => (q.state.data?.items.some((b) => b.status === 'running') ? 3000 : false),
    },
  );
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack>
        <div>
          <Title order={4}>Upload history</Title>
          <Text size="sm" c="dimmed">
            Every file uploaded and every IndiaMART pull, with what each added.
          </Text>
        </div>
        <QueryState query={history} errorText="Could not load the upload history." empty="No uploads yet." isEmpty={(d) => d.total === 0}>
          {(d) => (
            <>
              <HistoryTable items={d.items} onOpen={setOpen} />
              <Pager page={d.page} pageSize={d.pageSize} total={d.total} onChange={setPage} />
            </>
          )}
        </QueryState>
      </Stack>
      <BatchReportModal id={open} onClose={() => setOpen(null)} />
    </Paper>
  );
}
