import { useState } from 'react';
import { Button, Card, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { schemaResolver, useForm } from '@mantine/form';
import { trpc } from '../../trpc';
import { formatDateTime } from '../../lib/format';
import { fieldErrorsOf, notifyFailure, notifySuccess } from '../../lib/notify';
import { UserComplaintInput } from '../../../../shared/schemas/complaints';
import { QueryState } from '../QueryState';
import { Pager } from '../Pager';
import { ReplyText } from '../TextCells';
import { ComplaintStatusBadge } from './ComplaintStatusBadge';
import { useSharedText, withMessageIn } from '../../i18n/sharedText';
import { MY_COMPLAINTS_PAGE_SIZE } from './complaintQueries';

/** Complaint / suggestion: tell the company (Reason, Description), and read its replies. */
export function MyComplaintsPage() {
  const { t } = useTranslation();
  const { serverText } = useSharedText();
  const utils = trpc.useUtils();
  const [page, setPage] = useState(1);
  const mine = trpc.complaints.mineAsUser.useQuery({ page, pageSize: MY_COMPLAINTS_PAGE_SIZE }, { placeholderData: (prev) => prev });
  const form = useForm({ mode: 'uncontrolled', initialValues: { reason: '', description: '' }, validate: schemaResolver(UserComplaintInput, { sync: true }) });
  const file = trpc.complaints.fileAsUser.useMutation({
    onSuccess: () => {
      notifySuccess(t('complaints.submitted'));
      form.reset();
      setPage(1);
      void utils.complaints.mineAsUser.invalidate();
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields) form.setErrors(fields);
      notifyFailure(t('complaints.submitFailed'), err, undefined, serverText);
    },
  });
  return (
    <Stack maw={900} w="100%" mx="auto">
      <div>
        <Title order={2}>{t('titles./complainsuggestion')}</Title>
        <Text c="dimmed" size="sm">
          {t('complaints.intro')}
        </Text>
      </div>
      <Paper withBorder radius="md" p="md">
        <form noValidate onSubmit={form.onSubmit((v) => file.mutate(v))}>
          <Stack gap="sm">
            <TextInput
              label={t('complaints.reason')}
              withAsterisk
              size="md"
              maxLength={200}
              key={form.key('reason')}
              {...withMessageIn(form.getInputProps('reason'), serverText)}
            />
            <Textarea
              label={t('complaints.description')}
              withAsterisk
              size="md"
              autosize
              minRows={3}
              maxRows={10}
              maxLength={5000}
              key={form.key('description')}
              {...withMessageIn(form.getInputProps('description'), serverText)}
            />
            <Group justify="flex-end">
              <Button type="submit" size="md" loading={file.isPending}>
                {t('complaints.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Title order={3} size="h4">
        {t('complaints.mine')}
      </Title>
      <QueryState query={mine} empty={t('complaints.empty')} isEmpty={(d) => d.total === 0} errorText={t('complaints.failed')}>
        {(data) => (
          <div>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              {data.items.map((c) => (
                <Card key={c.id} withBorder radius="md" padding="sm" component="article" aria-label={c.title}>
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {c.title}
                    </Text>
                    <ComplaintStatusBadge status={c.status} />
                  </Group>
                  <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {c.body}
                  </Text>
                  <Text size="xs" c="dimmed" mt={6}>
                    {formatDateTime(c.created_at)}
                  </Text>
                  <Paper bg="gray.0" p="xs" mt="xs" radius="sm">
                    <Text size="xs" c="dimmed">
                      {t('complaints.reply')}
                    </Text>
                    <ReplyText reply={c.reply} />
                  </Paper>
                </Card>
              ))}
            </SimpleGrid>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
          </div>
        )}
      </QueryState>
    </Stack>
  );
}
