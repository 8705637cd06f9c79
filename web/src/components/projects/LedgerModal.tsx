import { Modal, Stack, Text } from '@mantine/core';
import { trpc } from '../../trpc';
import { formatDateTime, formatMoney } from '../../lib/format';
import { QueryState } from '../QueryState';
import { AppTable } from '../DataTable/AppTable';
import type { ProjectDetail } from './types';

type Entry = ProjectDetail['ledger'][number];

/** A project's payments: each approved change of the money received, who approved it and when. */
export function LedgerModal({ projectId, title, asCompany, onClose }: { projectId: number; title: string; asCompany?: boolean; onClose: () => void }) {
  const mine = trpc.projects.myDetail.useQuery({ id: projectId }, { enabled: !asCompany });
  const company = trpc.projects.detail.useQuery({ id: projectId }, { enabled: !!asCompany });
  const detail = asCompany ? company : mine;
  return (
    <Modal opened onClose={onClose} title={`Payments: ${title}`} size="lg">
      <QueryState query={detail} errorText="Could not load the payments.">
        {(d) => (
          <Stack gap="sm">
            <Text size="sm">
              Received {formatMoney(d.project.received)} of {formatMoney(d.project.price)}; pending {formatMoney(d.project.pending)}.
            </Text>
            <AppTable<Entry>
              aria-label="Payments"
              compact
              records={d.ledger}
              empty="No payments recorded yet."
              columns={[
                { accessor: 'created_at', title: 'When', render: (e) => formatDateTime(e.created_at) },
                { accessor: 'kind', title: 'Entry', render: (e) => (e.kind === 'advance' ? 'Advance' : 'Payment update') },
                { accessor: 'amount', title: 'Amount', textAlign: 'right', render: (e) => formatMoney(e.amount) },
                { accessor: 'received_after', title: 'Received after', textAlign: 'right', render: (e) => formatMoney(e.received_after) },
                { accessor: 'approved_by', title: 'Approved by' },
              ]}
            />
            {d.request && (
              <Text size="sm" c="orange">
                An update to {formatMoney(d.request.received)} received is waiting for approval.
              </Text>
            )}
          </Stack>
        )}
      </QueryState>
    </Modal>
  );
}
