import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { InvalidRow } from '../../../../shared/schemas/intake';
import { formatCount } from '../../lib/format';
import { useRouteExists } from '../layout/useRouteExists';
import { AppTable } from '../DataTable/AppTable';

function Figure({ label, value, detail, color }: { label: string; value: number; detail?: string; color?: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" tt="uppercase" fw={600} c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} c={color} lh={1.3}>
        {formatCount(value)}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

/** The columns of the file that nothing was read from: said, so that a misnamed column is not lost unseen. */
/** The columns kept on each lead as extra details. */
export function ExtraColumns({ columns }: { columns: string[] }) {
  if (!columns.length) return null;
  return (
    <Alert color="gray" variant="light" title={columns.length === 1 ? '1 column kept as extra details' : `${columns.length} columns kept as extra details`}>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {columns.join(', ')}
      </Text>
    </Alert>
  );
}

export function IgnoredColumns({ columns }: { columns: string[] }) {
  if (!columns.length) return null;
  return (
    <Alert color="blue" variant="light" title={columns.length === 1 ? '1 column was not read' : `${columns.length} columns were not read`}>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {columns.join(', ')}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        You chose to ignore these columns.
      </Text>
    </Alert>
  );
}

/** The invalid lines of an upload: line (or enquiry) and why; every one of them as CSV when kept. */
export function InvalidRowsTable({ rows, total, downloadHref }: { rows: InvalidRow[]; total: number; downloadHref?: string }) {
  if (!rows.length) return null;
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={600}>
          {total > rows.length ? `First ${rows.length} of ${formatCount(total)} invalid rows` : `Invalid rows (${rows.length})`}
        </Text>
        {downloadHref && (
          <Button component="a" href={downloadHref} download size="xs" variant="light">
            Download all {formatCount(total)} refused rows (CSV)
          </Button>
        )}
      </Group>
      <AppTable
        aria-label="Invalid rows"
        compact
        records={rows.map((r, i) => ({ ...r, key: i }))}
        idAccessor="key"
        empty="No invalid rows."
        maxHeight={320}
        columns={[
          { accessor: 'line', title: rows[0]?.line === null ? 'Enquiry' : 'Line', width: 110, render: (r) => r.line ?? r.ref ?? '—' },
          { accessor: 'reason', title: 'Reason', cellsStyle: () => ({ wordBreak: 'break-word' }) },
        ]}
      />
    </Stack>
  );
}

interface Props {
  fileName: string;
  category: string;
  rows: number;
  inserted: number;
  duplicatesInFile: number;
  duplicatesExisting: number;
  repeats: number;
  routing: { routed: number; waiting: number } | null;
  invalid: number;
  invalidRows: InvalidRow[];
  ignoredColumns: string[];
  extraColumns?: string[];
  /** every refused row as CSV */
  refusedRowsHref?: string;
  onDismiss?: () => void;
}

/** What one upload did: leads added, duplicates skipped, repeat enquiries on leads already yours, invalid rows, and routing's share. */
export function UploadResultCard(r: Props) {
  const exists = useRouteExists();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={4}>Upload result</Title>
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {r.fileName} · {r.category} · {formatCount(r.rows)} row{r.rows === 1 ? '' : 's'} read
            </Text>
          </div>
          <Group gap="xs">
            {r.inserted > 0 && exists('/subadmin/Leads/distibutelead') && (
              <Button component={Link} to="/subadmin/Leads/distibutelead" size="xs">
                Distribute leads
              </Button>
            )}
            {r.onDismiss && (
              <Button size="xs" variant="default" onClick={r.onDismiss}>
                Close
              </Button>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Figure label="Leads added" value={r.inserted} color={r.inserted ? 'green.8' : undefined} />
          <Figure
            label="Duplicates skipped"
            value={r.duplicatesInFile + r.duplicatesExisting}
            detail={`The same row: ${formatCount(r.duplicatesInFile)} in the file · ${formatCount(r.duplicatesExisting)} in your leads`}
          />
          <Figure label="Repeat enquiries" value={r.repeats} detail="Another row of a lead's mobile: in the lead's history; a lead you had is new again" />
          <Figure label="Invalid rows" value={r.invalid} detail="No valid 10-digit mobile" color={r.invalid ? 'orange.8' : undefined} />
        </SimpleGrid>
        {r.routing && (
          <Alert color={r.routing.waiting ? 'yellow' : 'blue'} variant="light">
            Routed now: {formatCount(r.routing.routed)}.
            {r.routing.waiting > 0 && ` Waiting for routing: ${formatCount(r.routing.waiting)} (they go out as soon as someone is available).`}
          </Alert>
        )}
        {r.inserted === 0 && r.repeats === 0 && (
          <Alert color="yellow" variant="light">
            No new leads were added: every row was a duplicate or had no valid mobile number.
          </Alert>
        )}
        <IgnoredColumns columns={r.ignoredColumns} />
        <ExtraColumns columns={r.extraColumns ?? []} />
        <InvalidRowsTable rows={r.invalidRows} total={r.invalid} downloadHref={r.refusedRowsHref} />
      </Stack>
    </Paper>
  );
}
