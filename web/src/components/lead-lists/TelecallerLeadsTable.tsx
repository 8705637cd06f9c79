import { Text } from '@mantine/core';
import type { LeadList, TelecallerLeadRow } from '../../../../shared/schemas/lead-lists';
import { AppTable, type AppColumn, type Paging, type TableQuery } from '../DataTable/AppTable';
import { formatCallback, formatWhen, leadIdentityColumns, QualityBadge, StackedTime } from './LeadCells';

function LastCall({ lead: l }: { lead: TelecallerLeadRow }) {
  if (!l.last_feedback && !l.last_remarks) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Text size="sm" lineClamp={3} title={[l.last_feedback, l.last_remarks].filter(Boolean).join(' — ')} miw={140} maw={220}>
      {l.last_feedback}
      {l.last_feedback && l.last_remarks ? ' — ' : ''}
      {l.last_remarks && (
        <Text span c="dimmed" size="sm">
          {l.last_remarks}
        </Text>
      )}
    </Text>
  );
}

/** A not-submitted lead last changed when it was opened. */
const openedColumn: AppColumn<TelecallerLeadRow> = {
  accessor: 'updated_at',
  title: <span title="When the telecaller opened the lead">Opened</span>,
  render: (l) => <StackedTime stored={l.updated_at} title={`Opened ${formatWhen(l.updated_at)}`} />,
};

interface Props {
  list: LeadList;
  query: TableQuery & { data?: { items: TelecallerLeadRow[] } };
  paging?: Paging;
  /** the original app's empty text */
  empty: string;
  /** the company's field columns chosen for the list */
  extraColumns?: AppColumn<TelecallerLeadRow>[];
}

/** One telecaller's leads of a list. */
export function TelecallerLeadsTable({ list, query, paging, empty, extraColumns = [] }: Props) {
  const columns: AppColumn<TelecallerLeadRow>[] = [
    ...leadIdentityColumns<TelecallerLeadRow>(260),
    { accessor: 'area', title: 'Area' },
    { accessor: 'category', title: 'Category', noWrap: true },
    { accessor: 'lead_quality', title: 'Quality', hidden: list !== 'interested', render: (l) => <QualityBadge quality={l.lead_quality} /> },
    {
      accessor: 'callback_date',
      title: 'Callback',
      hidden: list !== 'followUp',
      render: (l) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }} c={l.callback_date ? undefined : 'dimmed'}>
          {l.callback_date ? formatCallback(l.callback_date, l.callback_time) : 'Not set'}
        </Text>
      ),
    },
    { accessor: 'last_feedback', title: 'Last call', hidden: list === 'pending', render: (l) => <LastCall lead={l} /> },
    {
      accessor: 'telicaller_send_date',
      title: 'Sent',
      hidden: list !== 'notSubmitted',
      render: (l) => (l.telicaller_send_date ? <StackedTime stored={l.telicaller_send_date} title={`Sent ${formatWhen(l.telicaller_send_date)}`} /> : '—'),
    },
    list === 'notSubmitted'
      ? openedColumn
      : {
          accessor: 'updated_at',
          // Date: the lead's last change (what the list is ordered by); the hover text adds when it was sent.
          title: <span title="When the lead last changed">Date</span>,
          render: (l) => (
            <StackedTime
              stored={l.updated_at}
              title={[`Last change ${formatWhen(l.updated_at)}`, l.telicaller_send_date && `sent ${formatWhen(l.telicaller_send_date)}`]
                .filter(Boolean)
                .join(', ')}
            />
          ),
        },
  ];
  return (
    <AppTable
      aria-label="Leads"
      query={query}
      records={query.data?.items}
      columns={[...columns, ...extraColumns]}
      empty={empty}
      errorText="Error fetching leads."
      paging={paging}
      minWidth={list === 'pending' ? 780 : 920}
    />
  );
}
