import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { QueryState } from '../QueryState';
import { AppTable, type AppColumn, pagingOf } from '../DataTable/AppTable';
import { formatCount, formatDateTime } from '../../lib/format';
import { refusedRowsPath, type BatchStatus, type UploadHistoryRow } from '../../../../shared/schemas/intake';
import { IgnoredColumns, InvalidRowsTable } from './UploadResultCard';
import { DateTimeText } from '../TextCells';

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
                {r.repeats !== null && ` Repeat enquiries: ${formatCount(r.repeats)}, each in its lead's history.`}
              </Text>
            )}
            <IgnoredColumns columns={r.ignoredColumns} />
            {r.invalidRows.length ? (
              <InvalidRowsTable rows={r.invalidRows} total={r.invalid} downloadHref={r.refusedRowsFile ? refusedRowsPath(r.id) : undefined} />
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

const HISTORY_COLUMNS: AppColumn<UploadHistoryRow>[] = [
  {
    accessor: 'fileName',
    title: 'File',
    render: (b) => (
      <Text size="sm" truncate="end" title={b.fileName} miw={120} maw={240}>
        {b.fileName}
      </Text>
    ),
  },
  { accessor: 'category', title: 'Category' },
  { accessor: 'inserted', title: 'Added', textAlign: 'right', render: (b) => formatCount(b.inserted) },
  { accessor: 'duplicates', title: 'Duplicates', textAlign: 'right', render: (b) => formatCount(b.duplicates) },
  { accessor: 'invalid', title: 'Invalid', textAlign: 'right', render: (b) => formatCount(b.invalid) },
  { accessor: 'status', title: 'Status', render: (b) => <BatchStatusBadge status={b.status} /> },
  { accessor: 'uploadedBy', title: 'Uploaded by' },
  { accessor: 'createdAt', title: 'When', render: (b) => <DateTimeText at={b.createdAt} /> },
];

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
        <AppTable
          aria-label="Upload history"
          query={history}
          records={history.data?.items}
          empty="No uploads yet."
          errorText="Could not load the upload history."
          minWidth={760}
          paging={pagingOf(history.data, setPage)}
          columns={HISTORY_COLUMNS}
          actions={{
            title: 'Report',
            render: (b) => (
              <Button size="compact-sm" variant="light" onClick={() => setOpen(b.id)} aria-label={`View the report of ${b.fileName}`}>
                Report
              </Button>
            ),
          }}
        />
      </Stack>
      <BatchReportModal id={open} onClose={() => setOpen(null)} />
    </Paper>
  );
}
