import { useEffect, useState, type FormEvent } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { TitleText, LongText, OneLine, ReplyText } from '../TextCells';
import { AppTable, pagingOf } from '../DataTable/AppTable';
import { ReplyComplaintInput, type ComplaintItem, type ComplaintStatusFilter } from '../../../../shared/schemas/complaints';
import { formatDateTime, rowNumber } from '../../lib/format';
import { notifyFailure } from '../../lib/notify';
import { ComplaintStatusBadge } from './ComplaintStatusBadge';
import { PAGE_TITLES, type TitledPath } from '../layout/pageTitles';
import { complaintsInput } from './complaintQueries';
import { LIST_PAGE_SIZE } from '../../lib/listSearch';

const TEXT = { pending: { empty: 'No pending complaints found' }, closed: { empty: 'No resolved complaints found' } } as const;

/** Whose complaints: the companies' to the platform admin, or a company's users' to their sub-admin. */
export type ComplaintSource = 'admin' | 'company';

const FROM = {
  admin: { who: 'Company', sentBy: 'Complaints sent by subadmins', replyTo: 'the subadmin', search: 'Search company, title or text' },
  company: { who: 'From', sentBy: 'Complaints and suggestions from your telecallers, heads and developers', replyTo: 'your colleague', search: '' },
} as const;

/** A complaint with who sent it: the company and its owner, or the user and its role. */
type InboxItem = ComplaintItem & { who: string; whoDetail: string };

/** Complaints waiting for an answer: pending ones can be replied to and resolved. */
export function ComplaintsInboxPage({ source, status, path }: { source: ComplaintSource; status: ComplaintStatusFilter; path: TitledPath }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [replying, setReplying] = useState<InboxItem | null>(null);
  const admin = source === 'admin';
  const adminList = trpc.complaints.adminList.useQuery(
    { ...complaintsInput(status, page), search: debounced || undefined },
    { placeholderData: (prev) => prev, enabled: admin },
  );
  const companyList = trpc.complaints.fromUsers.useQuery(complaintsInput(status, page), { placeholderData: (prev) => prev, enabled: !admin });
  const list = admin ? adminList : companyList;
  const records: InboxItem[] | undefined = admin
    ? adminList.data?.items.map((c) => ({ ...c, who: c.company_name, whoDetail: c.subadmin_name }))
    : companyList.data?.items.map((c) => ({
        ...c,
        who: c.user_name ?? 'Unknown',
        whoDetail: c.user_type === 'Telicaller-hade' ? 'Head' : c.user_type === 'Developer' ? 'Developer' : 'Telecaller',
      }));
  const utils = trpc.useUtils();

  const onResolved = {
    onSuccess: () => {
      notifySuccess('Complaint resolved successfully!');
      void utils.complaints.invalidate();
      void utils.notifications.bell.invalidate();
    },
    onError: (err: unknown) => notifyFailure('Failed to resolve complaint', err),
  };
  const resolveAsAdmin = trpc.complaints.resolve.useMutation(onResolved);
  const resolveAsCompany = trpc.complaints.resolveFromUser.useMutation(onResolved);
  const resolve = admin ? resolveAsAdmin : resolveAsCompany;

  const pending = status === 'pending';

  // Resolving the last row of the last page leaves that page empty: step back to one that has rows.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / LIST_PAGE_SIZE)) : 1;
  useEffect(() => {
    if (page > lastPage) setPage(lastPage);
  }, [page, lastPage]);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>{PAGE_TITLES[path]}</Title>
          <Text c="dimmed" size="sm">
            {FROM[source].sentBy}
            {pending ? ' that are waiting for you' : ' that have been resolved'}.
          </Text>
        </div>
        {admin && (
          <TextInput
            placeholder={FROM[source].search}
            aria-label="Search complaints"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 300 }}
          />
        )}
      </Group>
      <Paper withBorder p="md">
        <AppTable
          aria-label={PAGE_TITLES[path]}
          query={list}
          records={records}
          empty={TEXT[status].empty}
          minWidth={pending ? 820 : 900}
          paging={pagingOf(list.data, setPage)}
          columns={[
            { accessor: 'index', title: '#', width: 44, render: (_c, i) => rowNumber(list.data?.page ?? page, LIST_PAGE_SIZE, i) },
            {
              accessor: 'who',
              title: FROM[source].who,
              render: (c) => (
                <div style={{ minWidth: 110 }}>
                  <Text size="sm" fw={500}>
                    {c.who}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {c.whoDetail}
                  </Text>
                </div>
              ),
            },
            { accessor: 'title', title: 'Title', render: (c) => <TitleText maw={220}>{c.title}</TitleText> },
            {
              accessor: 'body',
              title: 'Body',
              render: (c) => (
                <div style={{ minWidth: 200, maxWidth: 360 }}>
                  <LongText text={c.body} lines={4} />
                  {pending && c.reply && (
                    <Text size="xs" c="dimmed" mt={4} lineClamp={2} title={c.reply}>
                      Your reply: {c.reply}
                    </Text>
                  )}
                </div>
              ),
            },
            { accessor: 'status', title: 'Status', render: (c) => <ComplaintStatusBadge status={c.status} /> },
            {
              accessor: 'created_at',
              title: 'Date',
              render: (c) => (
                <>
                  <OneLine>{formatDateTime(c.created_at)}</OneLine>
                  {!pending && c.resolved_at && (
                    <OneLine size="xs" dimmed>
                      Resolved {formatDateTime(c.resolved_at)}
                    </OneLine>
                  )}
                </>
              ),
            },
            { accessor: 'reply', title: 'Reply', hidden: pending, render: (c) => <ReplyText reply={c.reply} maw={280} /> },
          ]}
          actions={
            pending
              ? {
                  render: (c) => (
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Button size="xs" variant="light" onClick={() => setReplying(c)}>
                        {c.reply ? 'Edit reply' : 'Reply'}
                      </Button>
                      <Button
                        size="xs"
                        color="green"
                        loading={resolve.isPending && resolve.variables?.id === c.id}
                        disabled={resolve.isPending && resolve.variables?.id !== c.id}
                        onClick={() => resolve.mutate({ id: c.id })}
                      >
                        Resolve
                      </Button>
                    </Group>
                  ),
                }
              : undefined
          }
        />
      </Paper>
      <ReplyModal source={source} complaint={replying} onClose={() => setReplying(null)} />
    </Stack>
  );
}

function ReplyModal({ source, complaint, onClose }: { source: ComplaintSource; complaint: InboxItem | null; onClose: () => void }) {
  return (
    <Modal opened={complaint !== null} onClose={onClose} title="Reply to complaint" size="lg" centered>
      {complaint && <ReplyForm key={complaint.id} source={source} complaint={complaint} onDone={onClose} />}
    </Modal>
  );
}

function ReplyForm({ source, complaint, onDone }: { source: ComplaintSource; complaint: InboxItem; onDone: () => void }) {
  const [reply, setReply] = useState(complaint.reply ?? '');
  const [error, setError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const onSent = {
    onSuccess: () => {
      notifySuccess('Reply added successfully!');
      void utils.complaints.invalidate();
      onDone();
    },
    onError: (err: unknown) => notifyFailure('Failed to add reply', err),
  };
  const sendAsAdmin = trpc.complaints.reply.useMutation(onSent);
  const sendAsCompany = trpc.complaints.replyToUser.useMutation(onSent);
  const send = source === 'admin' ? sendAsAdmin : sendAsCompany;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ReplyComplaintInput.safeParse({ id: complaint.id, reply });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a reply.');
      return;
    }
    setError(null);
    send.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Paper withBorder p="sm" bg="gray.0">
          <Group gap="xs" mb={4}>
            <Badge variant="light">{complaint.who}</Badge>
            <Text size="xs" c="dimmed">
              {formatDateTime(complaint.created_at)}
            </Text>
          </Group>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {complaint.title}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {complaint.body}
          </Text>
        </Paper>
        <Textarea
          label="Reply"
          placeholder={`Write your reply to ${FROM[source].replyTo}`}
          autosize
          minRows={4}
          maxRows={12}
          value={reply}
          onChange={(e) => {
            setReply(e.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send reply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
