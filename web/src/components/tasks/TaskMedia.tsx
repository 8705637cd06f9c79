import { useState } from 'react';
import { Button, Group, Image, Modal, UnstyledButton } from '@mantine/core';
import { useSharedText } from '../../i18n/sharedText';
import type { Task } from './types';

/** The task's image as a thumbnail and its video, both opened in place. */
export function TaskMedia({ task }: { task: Pick<Task, 'name' | 'image' | 'video'> }) {
  const { t } = useSharedText();
  const [open, setOpen] = useState<'image' | 'video' | null>(null);
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        {task.image && (
          <UnstyledButton onClick={() => setOpen('image')} aria-label={t('taskMedia.openImage', { name: task.name })}>
            <Image src={task.image} w={48} h={48} radius="sm" fit="cover" alt="" />
          </UnstyledButton>
        )}
        {task.video && (
          <Button size="xs" variant="light" onClick={() => setOpen('video')}>
            {t('taskMedia.video')}
          </Button>
        )}
      </Group>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={task.name} size="xl">
        {open === 'image' && task.image && <Image src={task.image} alt={task.name} fit="contain" mah="70vh" />}
        {open === 'video' && task.video && (
          // biome-ignore lint/a11y/useMediaCaption: a company's training videos are uploaded as they are, with no caption track to offer
          <video src={task.video} controls preload="metadata" style={{ width: '100%', maxHeight: '70vh' }} />
        )}
      </Modal>
    </>
  );
}
