import { useState } from 'react';
import { Anchor, Button, Group, Image, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import type { MediaKind } from '../../../../shared/schemas/media';
import { PAGE_TITLES } from '../layout/pageTitles';
import { AppTable } from '../DataTable/AppTable';
import { ButtonLink } from '../ButtonLink';
import { ConfirmModal } from '../users/ConfirmModal';
import { MediaForm } from './MediaForm';
import { MEDIA } from './mediaKinds';

type Item = { id: number; name: string; discreption: string; link: string; image: string };

/** Show Demo / Show Tutorials: the table with a thumbnail, the edit modal and delete with confirmation. */
export function MediaListPage({ kind }: { kind: MediaKind }) {
  const words = MEDIA[kind];
  const utils = trpc.useUtils();
  const demos = trpc.media.demos.useQuery(undefined, { enabled: kind === 'demo' });
  const tutorials = trpc.media.tutorials.useQuery(undefined, { enabled: kind === 'tutorial' });
  const list = kind === 'demo' ? demos : tutorials;
  const [editing, setEditing] = useState<Item | null>(null);
  const [toDelete, setToDelete] = useState<Item | null>(null);
  const remove = trpc.media.remove.useMutation({
    onSuccess: () => {
      notifySuccess(`${kind === 'demo' ? 'Demo' : 'Tutorial'} deleted successfully`);
      setToDelete(null);
      void utils.media.invalidate();
    },
    onError: (e) => notifyFailure(words.deleteFailed, e),
  });
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{PAGE_TITLES[words.listPage]}</Title>
        <ButtonLink to={words.uploadPage}>Add {words.noun}</ButtonLink>
      </Group>
      <Paper withBorder p="md">
        <AppTable<Item>
          aria-label={PAGE_TITLES[words.listPage]}
          query={list}
          records={list.data}
          empty={words.empty}
          errorText={words.fetchFailed}
          minWidth={760}
          columns={[
            { accessor: 'id', title: 'Id', width: 60 },
            { accessor: 'name', title: 'Name' },
            { accessor: 'image', title: 'Image', render: (m) => <Image src={m.image} w={words.thumb} h={words.thumb} fit="cover" radius="sm" alt={m.name} /> },
            {
              accessor: 'discreption',
              title: 'Description',
              render: (m) => (
                <Text size="sm" lineClamp={3}>
                  {m.discreption}
                </Text>
              ),
            },
            {
              accessor: 'link',
              title: 'Link',
              render: (m) => (
                <Anchor href={m.link} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {m.link}
                </Anchor>
              ),
            },
          ]}
          actions={{
            render: (m) => (
              <Group gap={6} wrap="nowrap">
                <Button size="xs" variant="light" onClick={() => setEditing(m)}>
                  Edit
                </Button>
                <Button size="xs" variant="light" color="red" onClick={() => setToDelete(m)}>
                  Delete
                </Button>
              </Group>
            ),
          }}
        />
      </Paper>
      <Modal opened={!!editing} onClose={() => setEditing(null)} title={`Edit ${words.noun}`}>
        {editing && <MediaForm kind={kind} item={editing} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />}
      </Modal>
      <ConfirmModal
        opened={!!toDelete}
        title={`Delete ${words.noun}`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ kind, id: toDelete.id })}
        onClose={() => setToDelete(null)}
      >
        Are you sure you want to delete this {words.noun}?
      </ConfirmModal>
    </Stack>
  );
}
