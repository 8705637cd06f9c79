import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { formatDate } from '../../lib/format';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { TASK_STATUS } from '../../../../shared/constants';
import type { TaskList } from '../../../../shared/schemas/tasks';
import { PAGE_TITLES, type TitledPath } from '../layout/pageTitles';
import { AppTable, pagingOf } from '../DataTable/AppTable';
import { TaskMedia } from './TaskMedia';
import { TaskStatusBadge } from './TaskStatusBadge';
import type { Task } from './types';
import { useListPage } from '../../lib/useListPage';
import { pageInput, type PageSearch } from '../projects/pageSearch';

/** The company's Running (with the new ones not yet accepted), Delay and Completed task lists; a completed task is approved here. */
export function CompanyTasksPage({ list, path }: { list: Exclude<TaskList, 'new' | 'running'>; path: TitledPath }) {
  const { search, setPage } = useListPage<PageSearch>();
  const utils = trpc.useUtils();
  const tasks = trpc.tasks.list.useQuery({ list, ...pageInput(search) }, { placeholderData: (prev) => prev });
  const approve = trpc.tasks.approve.useMutation({
    onSuccess: (r) => {
      notifySuccess(r.message);
      void utils.tasks.invalidate();
    },
    onError: (e) => notifyFailure('Failed to approve task.', e),
  });
  return (
    <Stack>
      <Title order={2}>{PAGE_TITLES[path]}</Title>
      <Paper withBorder p="md">
        <AppTable<Task>
          aria-label={PAGE_TITLES[path]}
          query={tasks}
          records={tasks.data?.items}
          empty="No tasks found."
          errorText="Failed to fetch tasks"
          paging={pagingOf(tasks.data, setPage)}
          minWidth={900}
          columns={[
            { accessor: 'name', title: 'Task' },
            { accessor: 'developer_name', title: 'Developer' },
            {
              accessor: 'description',
              title: 'Description',
              render: (t) => (
                <Text size="sm" lineClamp={3} maw={320}>
                  {t.description}
                </Text>
              ),
            },
            { accessor: 'start_date', title: 'Start', render: (t) => formatDate(t.start_date) },
            { accessor: 'end_date', title: 'End', render: (t) => formatDate(t.end_date) },
            { accessor: 'image', title: 'Media', render: (t) => <TaskMedia task={t} /> },
            { accessor: 'status', title: 'Status', render: (t) => <TaskStatusBadge task={t} /> },
          ]}
          actions={
            list === 'completed'
              ? {
                  render: (t) =>
                    t.status === TASK_STATUS.completed ? (
                      <Button
                        size="xs"
                        color="green"
                        loading={approve.isPending && approve.variables?.id === t.id}
                        onClick={() => approve.mutate({ id: t.id })}
                      >
                        Approve
                      </Button>
                    ) : null,
                }
              : undefined
          }
        />
      </Paper>
    </Stack>
  );
}
