import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Table, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { notifyError, notifySuccess } from '../../lib/notify';
import { TitleText, LongText, OneLine, ReplyText } from '../TextCells';
import { QueryState } from '../QueryState';
import { Pager } from '../Pager';
import {
  COMPLAINT_BODY_MAX,
  COMPLAINT_TITLE_MAX,
  CreateComplaintInput,
  type ComplaintStatusFilter,
} from '../../../../shared/schemas/complaints';
import { formatDateTime, rowNumber } from '../../lib/format';
import { serverAnswered } from '../../lib/notify';
import { ComplaintStatusBadge } from './ComplaintStatusBadge';
import { PAGE_TITLES } from '../layout/pageTitles';

const PAGE_SIZE = 20;

const PATHS = { pending: '/subadmin/sendcomplain/pending', closed: '/subadmin/sendcomplain/close' } as const;

/** "Send Complaint to Admin": a form that opens on demand, and the company's complaints of one status. */
export function SubadminComplaintsPage({ status }: { status: ComplaintStatusFilter }) {
  const [formOpen, setFormOpen] = useState(false);
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  const list = trpc.complaints.mine.useQuery({ status, page, pageSize: PAGE_SIZE }, { placeholderData: (prev) => prev });

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
        <QueryState query={list} empty="No complaints found" isEmpty={(d) => d.total === 0}>
          {(data) => (
            <>
              <Table.ScrollContainer minWidth={720}>
                <Table verticalSpacing="sm" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={50}>#</Table.Th>
                      <Table.Th>Title</Table.Th>
                      <Table.Th>Body</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Reply</Table.Th>
                      <Table.Th>Date</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((c, i) => (
                      <Table.Tr key={c.id}>
                        <Table.Td>{rowNumber(data.page, data.pageSize, i)}</Table.Td>
                        <Table.Td maw={220}>
                          <TitleText>{c.title}</TitleText>
                        </Table.Td>
                        <Table.Td maw={340}>
                          <LongText text={c.body} lines={4} />
                        </Table.Td>
                        <Table.Td>
                          <ComplaintStatusBadge status={c.status} />
                        </Table.Td>
                        <Table.Td maw={300}>
                          <ReplyText reply={c.reply} />
                        </Table.Td>
                        <Table.Td>
                          <OneLine>{formatDateTime(c.created_at)}</OneLine>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Pager page={data.page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
            </>
          )}
        </QueryState>
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
