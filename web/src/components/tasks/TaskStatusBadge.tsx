import { Badge } from '@mantine/core';
import { TASK_STATUS } from '../../../../shared/constants';
import { useSharedText, type SharedKey } from '../../i18n/sharedText';
import type { Task } from './types';

const LABELS: Record<number, { label: SharedKey; color: string }> = {
  [TASK_STATUS.pending]: { label: 'taskStatus.new', color: 'blue' },
  [TASK_STATUS.running]: { label: 'taskStatus.running', color: 'orange' },
  [TASK_STATUS.completed]: { label: 'taskStatus.completed', color: 'green' },
  [TASK_STATUS.delayed]: { label: 'taskStatus.delayed', color: 'red' },
  [TASK_STATUS.approved]: { label: 'taskStatus.approved', color: 'teal' },
};

/** A task's state; a running task past its end date reads Delayed. */
export function TaskStatusBadge({ task }: { task: Pick<Task, 'status' | 'delayed'> }) {
  const { t } = useSharedText();
  const known = task.delayed ? LABELS[TASK_STATUS.delayed]! : LABELS[task.status];
  return (
    <Badge color={known?.color ?? 'gray'} variant="light" radius="sm" tt="none">
      {known ? t(known.label) : String(task.status)}
    </Badge>
  );
}
