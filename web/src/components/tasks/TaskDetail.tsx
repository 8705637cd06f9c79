import { Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { TaskStatusBadge } from './TaskStatusBadge';
import type { Task } from './types';

/** A task in full: the whole description as written (its line breaks kept), its dates, its image and its video. */
export function TaskDetail({ task, onClose }: { task: Task | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={task !== null} onClose={onClose} title={task?.name} size="lg" styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}>
      {task && (
        <Stack gap="sm">
          <Group gap="xs">
            <TaskStatusBadge task={task} />
            <Text size="sm" c="dimmed">
              {formatDate(task.start_date)} – {formatDate(task.end_date)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {task.description}
          </Text>
          {task.image && <Image src={task.image} alt={t('tasks.image', { name: task.name })} w="auto" maw="100%" mah="60vh" fit="contain" radius="sm" />}
          {task.video && (
            // biome-ignore lint/a11y/useMediaCaption: a company's task videos are uploaded as they are, with no caption track to offer
            <video
              src={task.video}
              controls
              preload="metadata"
              aria-label={t('tasks.video', { name: task.name })}
              style={{ width: '100%', maxHeight: '60vh' }}
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}
