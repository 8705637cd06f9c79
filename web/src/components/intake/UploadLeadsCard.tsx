import { useState } from 'react';
import { Button, Checkbox, FileInput, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { refusedRowsPath } from '../../../../shared/schemas/intake';
import { notifications } from '@mantine/notifications';
import { trpc } from '../../trpc';
import { MISSING_FILE_OR_CATEGORY } from '../../../../shared/schemas/intake';
import { CategoryField, categoryOf, EMPTY_CATEGORY, type CategoryValue } from './CategoryField';
import { formatMb, stageCsv, UploadRefused, type UploadProgress } from './uploadCsv';
import { FileMappingStep } from './FileMappingStep';
import type { UploadResult } from '../../../../shared/schemas/intake';
import { UploadResultCard } from './UploadResultCard';

interface Done {
  answer: UploadResult;
  fileName: string;
  category: string;
}

/** Choose a file and a category, send it with a progress bar, then show what it did. */
export function UploadLeadsCard() {
  const utils = trpc.useUtils();
  const limits = trpc.intake.limits.useQuery(undefined, { staleTime: Infinity });
  const maxBytes = limits.data?.maxBytes;
  const routing = trpc.routing.settings.useQuery(undefined, { staleTime: 60_000 });
  // Untouched, the box follows the company's setting (Lead Routing: CSV uploads).
  const [routeChoice, setRouteChoice] = useState<boolean | null>(null);
  const routeNow = routeChoice ?? routing.data?.routeCsv ?? false;
  const [file, setFile] = useState<File | null>(null);
  const [category, setCategory] = useState<CategoryValue>(EMPTY_CATEGORY);
  const [errors, setErrors] = useState<{ file?: string; category?: string }>({});
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  // The chosen file, sent once and kept on the server for the mapping step.
  const [staged, setStaged] = useState<{ fileId: string; fileName: string; category: string; routeNow: boolean } | null>(null);
  // Remounts the file input so it clears after an upload.
  const [inputKey, setInputKey] = useState(0);

  const uploading = progress !== null;

  async function submit() {
    const name = categoryOf(category);
    if (!file || !name) {
      setErrors({ file: file ? undefined : 'Select a file.', category: name ? undefined : 'Select or enter a category.' });
      notifications.show({ message: MISSING_FILE_OR_CATEGORY, color: 'red', autoClose: 3000 });
      return;
    }
    if (maxBytes && file.size > maxBytes) {
      const message = `The file is too large (max ${formatMb(maxBytes)} MB).`;
      setErrors({ file: message });
      notifications.show({ title: 'File upload failed', message, color: 'red', autoClose: 3000 });
      return;
    }
    setErrors({});
    setDone(null);
    setProgress({ percent: 0, processing: false });
    try {
      const kept = await stageCsv(file, setProgress).promise;
      setStaged({ fileId: kept.fileId, fileName: kept.fileName, category: name, routeNow });
    } catch (err) {
      if (err instanceof UploadRefused) {
        setErrors({ file: err.message });
        notifications.show({ title: 'File upload failed', message: err.message, color: 'red', autoClose: 3000 });
      } else {
        notifications.show({ message: 'An error occurred while uploading the file', color: 'red', autoClose: 3000 });
      }
    } finally {
      setProgress(null);
    }
  }

  function imported(answer: UploadResult) {
    notifications.show({ message: 'File uploaded successfully!', color: 'green', autoClose: 3000 });
    setDone({ answer, fileName: staged?.fileName ?? '', category: staged?.category ?? '' });
    setStaged(null);
    setFile(null);
    setInputKey((k) => k + 1);
    // The history shows the upload; lead counts elsewhere change. The imported file is gone: its analysis is not asked again.
    void utils.invalidate(undefined, { predicate: (q) => !JSON.stringify(q.queryKey).includes('analyseFile') });
  }

  if (staged)
    return (
      <FileMappingStep
        fileId={staged.fileId}
        fileName={staged.fileName}
        category={staged.category}
        routeNow={staged.routeNow}
        onImported={imported}
        onCancel={() => setStaged(null)}
      />
    );

  return (
    <Stack>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
        >
          <Stack>
            <div>
              <Title order={4}>Upload a CSV file</Title>
              <Text size="sm" c="dimmed">
                The first row names the columns: Name, Mobile (or Phone, Number, Contact), Requirement (or Enquiry, Product), Area (or City, State); IndiaMART,
                JustDial, 99acres, MagicBricks, Facebook lead ads and Google Sheets exports are recognised; you check the match before the import. Commas,
                semicolons or tabs between the columns. Mobiles are read as 10-digit Indian numbers; a row you already have and a row without a valid mobile are
                skipped and counted; another row of a known mobile is a repeat enquiry on its lead.
                {maxBytes ? ` Up to ${formatMb(maxBytes)} MB.` : ''}
              </Text>
            </div>
            <FileInput
              key={inputKey}
              label="CSV file"
              placeholder="Choose a file"
              accept=".csv,text/csv"
              required
              clearable
              value={file}
              onChange={(f) => {
                setFile(f);
                setErrors((e) => ({ ...e, file: undefined }));
              }}
              error={errors.file}
              disabled={uploading}
            />
            <CategoryField
              value={category}
              onChange={(v) => {
                setCategory(v);
                setErrors((e) => ({ ...e, category: undefined }));
              }}
              error={errors.category}
              disabled={uploading}
            />
            <Checkbox
              label="Route these leads now"
              description="Hands the new leads to your telecallers by your routing rules as soon as the file is in. Unticked, they wait for you to distribute them."
              checked={routeNow}
              onChange={(e) => setRouteChoice(e.currentTarget.checked)}
              disabled={uploading}
            />
            {progress && (
              <Stack gap={4} aria-live="polite">
                <Progress value={progress.percent} animated={progress.processing} striped={progress.processing} size="lg" aria-label="Upload progress" />
                <Text size="sm" c="dimmed">
                  {progress.processing ? 'Processing...' : `Uploading... ${progress.percent}%`}
                </Text>
              </Stack>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={uploading}>
                Upload
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {done && (
        <UploadResultCard
          fileName={done.fileName}
          category={done.category}
          rows={done.answer.rows}
          inserted={done.answer.inserted}
          duplicatesInFile={done.answer.duplicatesInFile}
          duplicatesExisting={done.answer.duplicatesExisting}
          repeats={done.answer.repeats}
          routing={done.answer.routing}
          invalid={done.answer.invalid}
          invalidRows={done.answer.invalidRows}
          ignoredColumns={done.answer.ignoredColumns}
          extraColumns={done.answer.extraColumns}
          refusedRowsHref={done.answer.invalid > 0 ? refusedRowsPath(done.answer.batchId) : undefined}
          onDismiss={() => setDone(null)}
        />
      )}
    </Stack>
  );
}
