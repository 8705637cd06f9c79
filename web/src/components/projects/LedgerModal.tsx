import { Modal, Stack, Text } from '@mantine/core';
import { trpc } from '../../trpc';
import { formatDateTime, formatMoney } from '../../lib/format';
import { QueryState } from '../QueryState';
import { AppTable } from '../DataTable/AppTable';
import { useSharedText } from '../../i18n/sharedText';
import type { ProjectDetail } from './types';

type Entry = ProjectDetail['ledger'][number];

/** A project's payments: each approved change of the money received, who approved it and when. */
export function LedgerModal({ projectId, title, asCompany, onClose }: { projectId: number; title: string; asCompany?: boolean; onClose: () => void }) {
  const { t } = useSharedText();
  const mine = trpc.projects.myDetail.useQuery({ id: projectId }, { enabled: !asCompany });
  const company = trpc.projects.detail.useQuery({ id: projectId }, { enabled: !!asCompany });
  const detail = asCompany ? company : mine;
  return (
    <Modal opened onClose={onClose} title={t('ledger.title', { name: title })} size="lg">
      <QueryState query={detail} errorText={t('ledger.failed')}>
        {(d) => (
          <Stack gap="sm">
            <Text size="sm">
              {t('ledger.summary', { received: formatMoney(d.project.received), price: formatMoney(d.project.price), pending: formatMoney(d.project.pending) })}
            </Text>
            <AppTable<Entry>
              aria-label={t('ledger.label')}
              compact
              records={d.ledger}
              empty={t('ledger.empty')}
              columns={[
                { accessor: 'created_at', title: t('ledger.when'), render: (e) => formatDateTime(e.created_at) },
                { accessor: 'kind', title: t('ledger.entry'), render: (e) => t(e.kind === 'advance' ? 'ledger.advance' : 'ledger.update') },
                { accessor: 'amount', title: t('ledger.amount'), textAlign: 'right', render: (e) => formatMoney(e.amount) },
                { accessor: 'received_after', title: t('ledger.receivedAfter'), textAlign: 'right', render: (e) => formatMoney(e.received_after) },
                { accessor: 'approved_by', title: t('ledger.approvedBy') },
              ]}
            />
            {d.request && (
              <Text size="sm" c="orange">
                {t('ledger.waiting', { amount: formatMoney(d.request.received) })}
              </Text>
            )}
          </Stack>
        )}
      </QueryState>
    </Modal>
  );
}
