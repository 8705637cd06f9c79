import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { notifyError, notifySuccess } from '../../lib/notify';
import { TitleText, LongText, OneLine, ReplyText } from '../TextCells';
import { AppTable, pagingOf } from '../DataTable/AppTable';
import { COMPLAINT_BODY_MAX, COMPLAINT_TITLE_MAX, CreateComplaintInput, type ComplaintStatusFilter } from '../../../../shared/schemas/complaints';
import { formatDateTime, rowNumber } from '../../lib/format';
import { serverAnswered } from '../../lib/notify';
import { ComplaintStatusBadge } from './ComplaintStatusBadge';
import { PAGE_TITLES } from '../layout/pageTitles';
import { complaintsInput } from './complaintQueries';
import { LIST_PAGE_SIZE } from '../../lib/listSearch';

const PATHS = { pending: '/subadmin/sendcomplain/pending', closed: '/subadmin/sendcomplain/close' } as const;

/** "Send Complaint to Admin": a form that opens on demand, and the company's complaints of one status. */
export function SubadminComplaintsPage({ status }: { status: ComplaintStatusFilter }) {
  const [formOpen, setFormOpen] = useState(false);
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  const list = trpc.complaints.mine.useQuery(complaintsInput(status, page), { placeholderData: (prev) => prev });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>{PAGE_TITLES[PATHS[status]]}</Title>
          <Text c="dimmed" size="sm">
            Tell the admin about a problem; the admin's reply appears in the list below.
          </Text>
        </div>
        <Button variant={formOpen ? 'default' : 'filled'} onClick={() => setFormOpen((o) => !o)} aria-expanded={formOpen}>
          {formOpen ? 'Close Form' : 'Create Complaint'}
        </Button>
      </Group>

      {formOpen && <CreateComplaintForm onCreated={() => setFormOpen(false)} />}

      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={4}>Complaints List</Title>
          <Tabs
            value={status}
            onChange={(v) => {
              if (v === 'pending' || v === 'closed') void navigate({ to: PATHS[v] });
            }}
            variant="pills"
            radius="xl"
          >
            <Tabs.List>
              <Tabs.Tab value="pending">Pending</Tabs.Tab>
              <Tabs.Tab value="closed">Closed</Tabs.Tab>
            </Tabs.List>
          </Tabs>
        </Group>
        <AppTable
          aria-label="Complaints"
          query={list}
          records={list.data?.items}
          empty="No complaints found"
          minWidth={720}
          paging={pagingOf(list.data, setPage)}
          columns={[
            { accessor: 'index', title: '#', width: 44, render: (_c, i) => rowNumber(list.data?.page ?? page, LIST_PAGE_SIZE, i) },
            { accessor: 'title', title: 'Title', render: (c) => <TitleText maw={220}>{c.title}</TitleText> },
            {
              accessor: 'body',
              title: 'Body',
              render: (c) => (
                <div style={{ minWidth: 180, maxWidth: 340 }}>
                  <LongText text={c.body} lines={4} />
                </div>
              ),
            },
            { accessor: 'status', title: 'Status', render: (c) => <ComplaintStatusBadge status={c.status} /> },
            { accessor: 'reply', title: 'Reply', render: (c) => <ReplyText reply={c.reply} maw={300} /> },
            { accessor: 'created_at', title: 'Date', render: (c) => <OneLine>{formatDateTime(c.created_at)}</OneLine> },
          ]}
        />
      </Paper>
    </Stack>
  );
}

type FieldErrors = Partial<Record<'title' | 'body', string>>;

function CreateComplaintForm({ onCreated }: { onCreated: () => void }) {
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const utils = trpc.useUtils();
  const create = trpc.complaints.create.useMutation({
    onSuccess: () => {
      notifySuccess('Complaint created successfully');
      setTitle('');
      setBody('');
      setErrors({});
      void utils.complaints.mine.invalidate();
      onCreated();
    },
    onError: (err) => {
      if (!serverAnswered(err)) return notifyError('Failed to create complaint');
      const fieldErrors = (err.data as { fieldErrors?: FieldErrors } | undefined)?.fieldErrors;
      if (fieldErrors) setErrors(fieldErrors);
      notifyError(err.message || 'Something went wrong');
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreateComplaintInput.safeParse({ title, body });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'title' || key === 'body') && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    create.mutate(parsed.data);
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Title"
            placeholder="What is the problem about?"
            required
            maxLength={COMPLAINT_TITLE_MAX}
            value={title}
            onChange={(e) => {
              setTitle(e.currentTarget.value);
              setErrors((x) => ({ ...x, title: undefined }));
            }}
            error={errors.title}
          />
          <Textarea
            label="Body"
            placeholder="Describe the problem"
            required
            autosize
            minRows={4}
            maxRows={12}
            maxLength={COMPLAINT_BODY_MAX}
            value={body}
            onChange={(e) => {
              setBody(e.currentTarget.value);
              setErrors((x) => ({ ...x, body: undefined }));
            }}
            error={errors.body}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Submitting...' : 'Submit'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
