import type { AppColumn } from '../DataTable/AppTable';
import { LongText, OneLine, TitleText } from '../TextCells';
import { formatDateTime, rowNumber } from '../../lib/format';

interface SentRow {
  title: string;
  message: string;
  created_at: string;
  read_count: number;
  recipient_count: number;
}

interface Options<T> {
  page: number;
  pageSize: number;
  messageMaxWidth: number;
  /** what one recipient is called, singular and plural */
  recipient: [string, string];
  /** columns that stand between the message and the date */
  middle?: AppColumn<T>[];
}

/** The columns of a sent-notifications table: #, Title, Message, (middle), Date, Read by. */
export function sentNotificationColumns<T extends SentRow>({ page, pageSize, messageMaxWidth, recipient, middle = [] }: Options<T>): AppColumn<T>[] {
  return [
    { accessor: 'index', title: '#', width: 44, render: (_n, i) => rowNumber(page, pageSize, i) },
    { accessor: 'title', title: 'Title', render: (n) => <TitleText maw={220}>{n.title}</TitleText> },
    {
      accessor: 'message',
      title: 'Message',
      render: (n) => (
        <div style={{ minWidth: 180, maxWidth: messageMaxWidth }}>
          <LongText text={n.message} lines={3} />
        </div>
      ),
    },
    ...middle,
    { accessor: 'created_at', title: 'Date', render: (n) => <OneLine>{formatDateTime(n.created_at)}</OneLine> },
    {
      accessor: 'read_count',
      title: 'Read by',
      render: (n) => (
        <OneLine>
          {n.read_count} of {n.recipient_count} {n.recipient_count === 1 ? recipient[0] : recipient[1]}
        </OneLine>
      ),
    },
  ];
}
