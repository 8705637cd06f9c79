import { useState } from 'react';
import { Button, Card, FileInput, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { formatDateTime } from '../../lib/format';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { PAGE_TITLES } from '../layout/pageTitles';
import { QueryState } from '../QueryState';
import { ConfirmModal } from '../users/ConfirmModal';
import { postForm } from '../../lib/postForm';

type Banner = { id: number; image: string; created_at: string };

/** Update Banner: the images of the telecallers' and heads' dashboard carousel. */
export function BannersPage() {
  const utils = trpc.useUtils();
  const banners = trpc.banners.list.useQuery();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [toDelete, setToDelete] = useState<Banner | null>(null);
  const remove = trpc.banners.remove.useMutation({
    onSuccess: () => {
      notifySuccess('Banner deleted successfully');
      setToDelete(null);
      void utils.banners.invalidate();
    },
    onError: (e) => notifyFailure('Failed to delete banner', e),
  });

  const upload = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!file) {
      setError('Please select an image to upload');
      return;
    }
    setSending(true);
    try {
      const form = new FormData();
      form.append('image', file, file.name);
      const r = await postForm('/api/webapi/insertBanner', form, 'Error uploading banner');
      notifySuccess(r.message || 'Banner uploaded successfully');
      setFile(null);
      void utils.banners.invalidate();
    } catch (err) {
      setError((err as Error).message);
      notifyFailure('Failed to upload banner', err);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack>
      <div>
        <Title order={2}>{PAGE_TITLES['/subadmin/banners']}</Title>
        <Text c="dimmed" size="sm">
          Images shown at the top of your telecallers&apos; and heads&apos; dashboards. JPEG, PNG, WebP or GIF.
        </Text>
      </div>
      <Paper withBorder p="md">
        <form onSubmit={upload} noValidate>
          <Group align="flex-end" wrap="wrap">
            <FileInput
              label="Banner image"
              placeholder="Choose an image"
              accept="image/jpeg,image/png,image/webp,image/gif"
              value={file}
              onChange={(f) => {
                setFile(f);
                setError(null);
              }}
              error={error}
              clearable
              style={{ flex: '1 1 260px' }}
              maw={420}
            />
            <Button type="submit" loading={sending}>
              Upload
            </Button>
          </Group>
        </form>
      </Paper>
      <QueryState query={banners} empty="No banners available" isEmpty={(d) => d.length === 0} errorText="Failed to fetch banners">
        {(list) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {list.map((b) => (
              <Card key={b.id} withBorder radius="md" padding="sm">
                <Card.Section>
                  <Image src={b.image} h={160} fit="cover" alt={`Banner ${b.id}`} />
                </Card.Section>
                <Group justify="space-between" mt="sm">
                  <Text size="xs" c="dimmed">
                    {formatDateTime(b.created_at)}
                  </Text>
                  <Button size="xs" color="red" variant="light" onClick={() => setToDelete(b)}>
                    Delete
                  </Button>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <ConfirmModal
        opened={!!toDelete}
        title="Delete banner"
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
        onClose={() => setToDelete(null)}
      >
        Are you sure you want to delete this banner?
      </ConfirmModal>
    </Stack>
  );
}
