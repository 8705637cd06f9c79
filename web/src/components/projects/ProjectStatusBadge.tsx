import { Badge, Group } from '@mantine/core';
import { PROJECT_STATUS } from '../../../../shared/constants';
import { useSharedText, type SharedKey } from '../../i18n/sharedText';
import type { Project } from './types';

const LABELS: Record<number, { label: SharedKey; color: string }> = {
  [PROJECT_STATUS.pending]: { label: 'projectStatus.waiting', color: 'yellow' },
  [PROJECT_STATUS.running]: { label: 'projectStatus.running', color: 'blue' },
  [PROJECT_STATUS.completed]: { label: 'projectStatus.complete', color: 'green' },
  [PROJECT_STATUS.rejected]: { label: 'projectStatus.rejected', color: 'red' },
};

/** A project's state: what it is, whether it is late, whether an update waits for the company. */
export function ProjectStatusBadge({ project }: { project: Pick<Project, 'status' | 'previous_status' | 'update_pending' | 'delayed'> }) {
  const { t } = useSharedText();
  const shown = LABELS[project.update_pending ? (project.previous_status ?? PROJECT_STATUS.running) : project.status];
  return (
    <Group gap={4} wrap="wrap">
      {shown && (
        <Badge color={shown.color} variant="light" radius="sm" tt="none">
          {t(shown.label)}
        </Badge>
      )}
      {project.delayed && (
        <Badge color="red" variant="filled" radius="sm" tt="none">
          {t('projectStatus.delayed')}
        </Badge>
      )}
      {project.update_pending && (
        <Badge color="orange" variant="light" radius="sm" tt="none">
          {t('projectStatus.updateWaiting')}
        </Badge>
      )}
    </Group>
  );
}
