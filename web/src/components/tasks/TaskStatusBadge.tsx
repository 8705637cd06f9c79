import { Badge } from '@mantine/core';
import { TASK_STATUS } from '../../../../shared/constants';
import type { Task } from './types';

const LABELS: Record<number, { label: string; color: string }> = {
  [TASK_STATUS.pending]: { label: 'New', color: 'blue' },
  [TASK_STATUS.running]: { label: 'Running', color: 'orange' },
  [TASK_STATUS.completed]: { label: 'Completed', color: 'green' },
  [TASK_STATUS.delayed]: { label: 'Delayed', color: 'red' },
  [TASK_STATUS.approved]: { label: 'Approved', color: 'teal' },
};

/** A task's state; a running task past its end date reads Delayed. */
export function TaskStatusBadge({ task }: { task: Pick<Task, 'status' | 'delayed'> }) {
  const shown = task.delayed ? LABELS[TASK_STATUS.delayed]! : (LABELS[task.status] ?? { label: String(task.status), color: 'gray' });
  return (
    <Badge color={shown.color} variant="light" radius="sm" tt="none">
      {shown.label}
    </Badge>
  );
}
