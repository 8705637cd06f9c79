import { Text } from '@mantine/core';
import { formatDate, formatMoney } from '../../lib/format';
import type { AppColumn } from '../DataTable/AppTable';
import { MobileLink } from '../lead-lists/LeadCells';
import { ProjectStatusBadge } from './ProjectStatusBadge';
import type { Project } from './types';

/** The columns every company project table shows (the original app's: ID, Project Name, Client Name, Number, Price, Advance, Pending, with the total received beside the advance, Commission, End Time). */
export const projectColumns = (opts: { telecaller?: boolean; lead?: boolean; reason?: boolean } = {}): AppColumn<Project>[] => [
  { accessor: 'id', title: 'ID', width: 70 },
  { accessor: 'project_name', title: 'Project Name' },
  ...(opts.telecaller ? [{ accessor: 'telecaller_name', title: 'Telecaller' } as AppColumn<Project>] : []),
  ...(opts.lead
    ? [
        {
          accessor: 'lead',
          title: 'Lead',
          render: (p: Project) =>
            p.lead ? (
              <Text size="sm">
                {p.lead.name} · {p.lead.mobile}
              </Text>
            ) : null,
        } as AppColumn<Project>,
      ]
    : []),
  { accessor: 'clint_name', title: 'Client Name' },
  { accessor: 'number', title: 'Number', render: (p) => <MobileLink mobile={p.number} /> },
  { accessor: 'price', title: 'Price (INR)', textAlign: 'right', render: (p) => formatMoney(p.price) },
  { accessor: 'advance', title: 'Advance Payment', textAlign: 'right', render: (p) => formatMoney(p.advance) },
  { accessor: 'received', title: 'Received', textAlign: 'right', render: (p) => formatMoney(p.received) },
  { accessor: 'pending', title: 'Pending Payment', textAlign: 'right', render: (p) => formatMoney(p.pending) },
  { accessor: 'commission_percentage', title: 'Commission (%)', textAlign: 'right', render: (p) => `${p.commission_percentage}%` },
  { accessor: 'endtime', title: 'End Time', render: (p) => formatDate(p.endtime) },
  { accessor: 'status', title: 'Status', render: (p) => <ProjectStatusBadge project={p} /> },
  ...(opts.reason
    ? [
        {
          accessor: 'reject_reason',
          title: 'Reason',
          render: (p: Project) => (
            <Text size="sm" miw={140} style={{ overflowWrap: 'anywhere' }}>
              {p.reject_reason ?? ''}
            </Text>
          ),
        } as AppColumn<Project>,
      ]
    : []),
];
