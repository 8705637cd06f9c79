import { useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { formatDate } from '../../lib/format';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import type { TaskList } from '../../../../shared/schemas/tasks';
import type { UserPagePath } from '../layout/pageTitles';
import { QueryState } from '../QueryState';
import { Pager } from '../Pager';
import { TaskMedia } from './TaskMedia';
import { TaskDetail } from './TaskDetail';
import type { Task } from './types';
import { TaskStatusBadge } from './TaskStatusBadge';
import { useSharedText } from '../../i18n/sharedText';
import { useListPage } from '../../lib/useListPage';
import { pageInput, type PageSearch } from '../projects/pageSearch';

/**
 * The developer's New, Running, Completed and Delayed tasks: Accept a new one, mark a running or late
 * one Completed. A card shows three lines of the description; a tap on it opens the whole task.
 */
export function DeveloperTasksPage({ list, path }: { list: TaskList; path: UserPagePath }) {
  const { search, setPage } = useListPage<PageSearch>();
  const { t } = useTranslation();
  const { serverText } = useSharedText();
  const utils = trpc.useUtils();
  const tasks = trpc.tasks.mine.useQuery({ list, ...pageInput(search) }, { placeholderData: (prev) => prev });
  const done = (r: { message: string }) => {
    notifySuccess(serverText(r.message));
    void utils.tasks.invalidate();
    void utils.dashboard.tiles.invalidate();
  };
  const accept = trpc.tasks.accept.useMutation({ onSuccess: done, onError: (e) => notifyFailure(t('tasks.acceptFailed'), e, undefined, serverText) });
  const complete = trpc.tasks.complete.useMutation({ onSuccess: done, onError: (e) => notifyFailure(t('tasks.completeFailed'), e, undefined, serverText) });
  const [reading, setReading] = useState<Task | null>(null);
  return (
    <Stack>
      <Title order={2}>{t(`titles.${path}`)}</Title>
      <QueryState query={tasks} empty={t('tasks.empty')} isEmpty={(d) => d.total === 0} errorText={t('tasks.failed')}>
        {(data) => (
          <div>
            <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm">
              {data.items.map((task) => (
                <Card key={task.id} withBorder radius="md" padding="sm" component="article" aria-label={task.name}>
                  {/* Named by what it shows (the name first): a screen reader hears the task as it is written. */}
                  <UnstyledButton onClick={() => setReading(task)} aria-haspopup="dialog" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
                    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                        {task.name}
                      </Text>
                      <TaskStatusBadge task={task} />
                    </Group>
                    <Text size="sm" mt={4} lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                      {task.description}
                    </Text>
                    <Text size="xs" c="dimmed" mt={6}>
                      {formatDate(task.start_date)} – {formatDate(task.end_date)}
                    </Text>
                  </UnstyledButton>
                  <Group justify="space-between" mt="sm">
                    <TaskMedia task={task} />
                    {list === 'new' && (
                      <Button size="md" loading={accept.isPending && accept.variables?.id === task.id} onClick={() => accept.mutate({ id: task.id })}>
                        {t('tasks.accept')}
                      </Button>
                    )}
                    {(list === 'running' || list === 'delayed') && (
                      <Button
                        size="md"
                        color="green"
                        loading={complete.isPending && complete.variables?.id === task.id}
                        onClick={() => complete.mutate({ id: task.id })}
                      >
                        {t('shared.taskStatus.completed')}
                      </Button>
                    )}
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
            <TaskDetail task={reading} onClose={() => setReading(null)} />
          </div>
        )}
      </QueryState>
    </Stack>
  );
}
