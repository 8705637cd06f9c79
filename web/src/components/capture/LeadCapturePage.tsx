import { useState } from 'react';
import { Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { formatDateTime } from '../../lib/format';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { useListPage } from '../../lib/useListPage';
import { LIST_PAGE_SIZE } from '../../lib/listSearch';
import { PAGE_TITLES } from '../layout/pageTitles';
import { AppTable, pagingOf } from '../DataTable/AppTable';
import { ConfirmModal } from '../users/ConfirmModal';
import { pageInput, type PageSearch } from '../projects/pageSearch';
import { CAPTURE_MESSAGES, type CaptureKeyKind, type CaptureKeyRow, type CreatedCaptureKey } from '../../../../shared/schemas/capture';
import { NewKeyModal } from './NewKeyModal';
import { SecretModal } from './SecretModal';
import { CaptureFieldsCard } from './CaptureFieldsCard';

const KIND_LABEL: Record<CaptureKeyKind, string> = { api: 'API key', form: 'Website form' };

/** The company's lead capture keys: API keys for its CRM or servers, form keys for its website's contact form. */
export function LeadCapturePage() {
  const { search, setPage, keepInRange } = useListPage<PageSearch>();
  const utils = trpc.useUtils();
  const keys = trpc.capture.list.useQuery(pageInput(search), { placeholderData: (prev) => prev });
  keepInRange(keys.data, LIST_PAGE_SIZE);
  const [making, setMaking] = useState<CaptureKeyKind | null>(null);
  const [created, setCreated] = useState<CreatedCaptureKey | null>(null);
  const [toRevoke, setToRevoke] = useState<CaptureKeyRow | null>(null);
  const revoke = trpc.capture.revoke.useMutation({
    onSuccess: () => {
      notifySuccess(CAPTURE_MESSAGES.revoked);
      setToRevoke(null);
      void utils.capture.list.invalidate();
    },
    onError: (e) => notifyFailure('Could not revoke the key.', e),
  });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{PAGE_TITLES['/subadmin/lead-capture']}</Title>
          <Text c="dimmed" size="sm" maw={640}>
            Leads from outside: your CRM or website server sends them with an API key, your website's contact form with a form key. They arrive in your leads as
            IndiaMART enquiries do, and follow your lead routing.
          </Text>
        </div>
        <Group gap="xs">
          <Button onClick={() => setMaking('api')}>New API key</Button>
          <Button variant="light" onClick={() => setMaking('form')}>
            New website form
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="md">
        <AppTable<CaptureKeyRow>
          aria-label="Lead capture keys"
          query={keys}
          records={keys.data?.items}
          empty="No keys yet."
          errorText="Could not load the keys."
          paging={pagingOf(keys.data, setPage)}
          minWidth={760}
          columns={[
            { accessor: 'name', title: 'Name' },
            { accessor: 'kind', title: 'Kind', render: (k) => KIND_LABEL[k.kind] },
            { accessor: 'prefix', title: 'Key', render: (k) => <Code>{`${k.prefix}…`}</Code> },
            { accessor: 'createdAt', title: 'Created', render: (k) => formatDateTime(k.createdAt) },
            { accessor: 'lastUsedAt', title: 'Last used', render: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never') },
            {
              accessor: 'revokedAt',
              title: 'Status',
              render: (k) =>
                k.revokedAt ? (
                  `Revoked ${formatDateTime(k.revokedAt)}`
                ) : (
                  <Badge color="green" variant="light">
                    Active
                  </Badge>
                ),
            },
          ]}
          actions={{
            render: (k) =>
              k.revokedAt ? null : (
                <Button size="xs" variant="light" color="red" onClick={() => setToRevoke(k)}>
                  Revoke
                </Button>
              ),
          }}
        />
      </Paper>
      <CaptureFieldsCard />
      {making && (
        <NewKeyModal
          kind={making}
          onClose={() => setMaking(null)}
          onCreated={(key) => {
            setMaking(null);
            setCreated(key);
          }}
        />
      )}
      {created && <SecretModal created={created} onClose={() => setCreated(null)} />}
      <ConfirmModal
        opened={!!toRevoke}
        title="Revoke key"
        confirmLabel="Revoke"
        loading={revoke.isPending}
        onConfirm={() => toRevoke && revoke.mutate({ id: toRevoke.id })}
        onClose={() => setToRevoke(null)}
      >
        Revoke {toRevoke?.name}? {toRevoke?.kind === 'form' ? 'The website form' : 'Anything sending leads with it'} stops working at once. This cannot be
        undone.
      </ConfirmModal>
    </Stack>
  );
}
