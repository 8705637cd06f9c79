import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { formatDate } from '../../lib/format';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import type { TaskList } from '../../../../shared/schemas/tasks';
import type { UserPagePath } from '../layout/pageTitles';
import { QueryState } from '../QueryState';
import { Pager } from '../Pager';
import { TaskMedia } from './TaskMedia';
import { TaskStatusBadge } from './TaskStatusBadge';

const PAGE_SIZE = 20;

/** The developer's New, Running, Completed and Delayed tasks: Accept a new one, mark a running or late one Completed. */
export function DeveloperTasksPage({ list, path, page, setPage }: { list: TaskList; path: UserPagePath; page: number; setPage: (p: number) => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const tasks = trpc.tasks.mine.useQuery({ list, page, pageSize: PAGE_SIZE }, { placeholderData: (prev) => prev });
  const done = (r: { message: string }) => {
    notifySuccess(r.message);
    void utils.tasks.invalidate();
    void utils.dashboard.tiles.invalidate();
  };
  const accept = trpc.tasks.accept.useMutation({ onSuccess: done, onError: (e) => notifyFailure('Failed to approve task.', e) });
  const complete = trpc.tasks.complete.useMutation({ onSuccess: done, onError: (e) => notifyFailure('Failed to complete task.', e) });
  return (
    <Stack>
      <Title order={2}>{t(`titles.${path}`)}</Title>
      <QueryState query={tasks} empty="No tasks found." isEmpty={(d) => d.total === 0} errorText="Failed to fetch tasks">
        {(data) => (
          <div>
            <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm">
              {data.items.map((t) => (
                <Card key={t.id} withBorder radius="md" padding="sm" component="article" aria-label={t.name}>
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {t.name}
                    </Text>
                    <TaskStatusBadge task={t} />
                  </Group>
                  <Text size="sm" mt={4} lineClamp={3}>
                    {t.description}
                  </Text>
                  <Text size="xs" c="dimmed" mt={6}>
                    {formatDate(t.start_date)} – {formatDate(t.end_date)}
                  </Text>
                  <Group justify="space-between" mt="sm">
                    <TaskMedia task={t} />
                    {list === 'new' && (
                      <Button size="md" loading={accept.isPending && accept.variables?.id === t.id} onClick={() => accept.mutate({ id: t.id })}>
                        Accept
                      </Button>
                    )}
                    {(list === 'running' || list === 'delayed') && (
                      <Button size="md" color="green" loading={complete.isPending && complete.variables?.id === t.id} onClick={() => complete.mutate({ id: t.id })}>
                        Completed
                      </Button>
                    )}
                  </Group>
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
