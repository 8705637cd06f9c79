import { Badge, Group } from '@mantine/core';
import { PROJECT_STATUS } from '../../../../shared/constants';
import type { Project } from './types';

const LABELS: Record<number, { label: string; color: string }> = {
  [PROJECT_STATUS.pending]: { label: 'Waiting for approval', color: 'yellow' },
  [PROJECT_STATUS.running]: { label: 'Running', color: 'blue' },
  [PROJECT_STATUS.completed]: { label: 'Complete', color: 'green' },
  [PROJECT_STATUS.rejected]: { label: 'Rejected', color: 'red' },
};

/** A project's state: what it is, whether it is late, whether an update waits for the company. */
export function ProjectStatusBadge({ project }: { project: Pick<Project, 'status' | 'previous_status' | 'update_pending' | 'delayed'> }) {
  const shown = LABELS[project.update_pending ? (project.previous_status ?? PROJECT_STATUS.running) : project.status];
  return (
    <Group gap={4} wrap="wrap">
      {shown && (
        <Badge color={shown.color} variant="light" radius="sm" tt="none">
          {shown.label}
        </Badge>
      )}
      {project.delayed && (
        <Badge color="red" variant="filled" radius="sm" tt="none">
          Delayed
        </Badge>
      )}
      {project.update_pending && (
        <Badge color="orange" variant="light" radius="sm" tt="none">
          Update waiting for approval
        </Badge>
      )}
    </Group>
  );
}
