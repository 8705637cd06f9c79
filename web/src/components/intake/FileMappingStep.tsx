import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { trpc, errorMessage } from '../../trpc';
import { AppTable, type AppColumn } from '../DataTable/AppTable';
import { LEAD_TARGETS, LEAD_TARGET_LABELS, type ColumnTarget } from '../../../../shared/file-layouts';
import type { PreviewRow } from '../../../../shared/schemas/file-import';
import type { UploadResult } from '../../../../shared/schemas/intake';

interface Props {
  fileId: string;
  fileName: string;
  category: string;
  routeNow: boolean;
  onImported: (answer: UploadResult) => void;
  onCancel: () => void;
}

/**
 * The mapping step of an upload (docs/file-import.md): each column of the file beside what it fills
 * (guessed, or the company's saved mapping), a few of its values, the first rows as they will be
 * stored, then Import. A column mapped to nothing is kept as an extra detail unless set to Ignore.
 */
export function FileMappingStep({ fileId, fileName, category, routeNow, onImported, onCancel }: Props) {
  const [targets, setTargets] = useState<ColumnTarget[] | null>(null);
  const [save, setSave] = useState(true);
  const analysis = trpc.intake.analyseFile.useQuery(targets ? { fileId, targets } : { fileId }, { placeholderData: (prev) => prev });
  const importFile = trpc.intake.importFile.useMutation();
  const data = analysis.data;
  const chosen = targets ?? data?.columns.map((c) => c.target) ?? [];

  const options = useMemo(
    () => [
      { group: 'Lead', items: LEAD_TARGETS.map((t) => ({ value: t, label: LEAD_TARGET_LABELS[t] })) },
      { group: 'Your fields', items: (data?.fields ?? []).map((f) => ({ value: `field:${f.key}`, label: f.label })) },
      {
        group: 'Other',
        items: [
          { value: 'extra', label: 'Extra detail' },
          { value: 'ignore', label: 'Ignore' },
        ],
      },
    ],
    [data?.fields],
  );

  const fieldLabel = useMemo(() => new Map((data?.fields ?? []).map((f) => [f.key, f.label])), [data?.fields]);
  const columns: AppColumn<PreviewRow>[] = [
    { accessor: 'line', title: 'Line', width: 60 },
    {
      accessor: 'mobile',
      title: 'Mobile',
      render: (r) =>
        r.refused ? (
          <Text size="sm" c="red">
            {r.refused}
          </Text>
        ) : (
          <Group gap={4} wrap="nowrap">
            <Text size="sm">{r.mobile}</Text>
            {r.phoneKind === 'landline' && <Badge size="xs">Landline</Badge>}
            {r.dnc && (
              <Badge size="xs" color="red">
                Do not call
              </Badge>
            )}
          </Group>
        ),
    },
    { accessor: 'name', title: 'Name' },
    {
      accessor: 'requirement',
      title: 'Requirement',
      render: (r) => (
        <Text size="sm" lineClamp={2}>
          {r.requirement}
        </Text>
      ),
    },
    { accessor: 'area', title: 'Area' },
    { accessor: 'email', title: 'Email', render: (r) => r.email ?? '' },
    {
      accessor: 'fields',
      title: 'Fields',
      render: (r) => (
        <Text size="sm" lineClamp={3}>
          {Object.entries(r.fields)
            .map(([k, v]) => `${fieldLabel.get(k) ?? k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
            .join('; ')}
        </Text>
      ),
    },
    {
      accessor: 'extras',
      title: 'Extra details',
      render: (r) => (
        <Text size="sm" lineClamp={3}>
          {Object.entries(r.extras ?? {})
            .map(([k, v]) => `${k}: ${v}`)
            .join('; ')}
        </Text>
      ),
    },
    {
      accessor: 'problems',
      title: 'Problems',
      render: (r) => (
        <Text size="sm" c="orange">
          {r.problems.join(' ')}
        </Text>
      ),
    },
  ];

  async function runImport() {
    try {
      const answer = await importFile.mutateAsync({ fileId, fileName, category, routeNow, targets: chosen, save });
      onImported(answer);
    } catch {
      // shown below from the mutation's error
    }
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack>
        <div>
          <Title order={4}>Match the columns of {fileName}</Title>
          <Text size="sm" c="dimmed">
            Each column of the file fills a part of the lead, one of your fields, or is kept on the lead as an extra detail. Change what you like; the preview
            shows the first rows as they will be stored.
          </Text>
          <Group gap="xs" mt={4}>
            {data?.layout && <Badge variant="light">Looks like: {data.layout.name}</Badge>}
            {data?.saved && !targets && <Badge variant="light">Your saved mapping</Badge>}
          </Group>
        </div>
        {analysis.isError && <Alert color="red">{errorMessage(analysis.error)}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" aria-label="Columns of the file">
          {(data?.columns ?? []).map((c, i) => (
            // A file's columns keep their places: the position is the column.
            // biome-ignore lint/suspicious/noArrayIndexKey: columns never move
            <Paper key={i} withBorder p="xs" radius="sm">
              <Select
                label={c.header || `Column ${i + 1}`}
                data={options}
                value={chosen[i] ?? 'extra'}
                allowDeselect={false}
                onChange={(v) => {
                  if (!v) return;
                  const next = [...chosen];
                  next[i] = v as ColumnTarget;
                  setTargets(next);
                }}
                comboboxProps={{ withinPortal: true }}
              />
              <Text size="xs" c="dimmed" mt={4} lineClamp={1}>
                {c.samples.length ? c.samples.join(' · ') : 'No values in the first rows'}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        {data && data.preview === null && <Alert color="orange">No column is the mobile: choose which column holds the mobile number.</Alert>}
        <div>
          <Text fw={600} size="sm" mb={4}>
            Preview: the first rows as they will be stored
          </Text>
          <AppTable<PreviewRow>
            records={data?.preview ?? []}
            columns={columns}
            empty="No rows to preview."
            idAccessor="line"
            minWidth={900}
            compact
            aria-label="Preview"
          />
        </div>
        <Checkbox label="Save this mapping for files with these columns" checked={save} onChange={(e) => setSave(e.currentTarget.checked)} />
        {importFile.isError && <Alert color="red">{errorMessage(importFile.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={importFile.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void runImport()} loading={importFile.isPending} disabled={!data || data.preview === null}>
            Import
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
