import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { REJECT_REASON_MAX } from '../../../../shared/schemas/projects';
import type { Project } from './types';

interface Props {
  project: Project;
  loading: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}

/** The question before a rejection (shown while mounted), with the reason the telecaller will read on the project and in its notifications. */
export function RejectProjectModal({ project, loading, onReject, onClose }: Props) {
  const form = useForm({
    initialValues: { reason: '' },
    validate: { reason: (v) => (v.trim().length > REJECT_REASON_MAX ? `Reason must be at most ${REJECT_REASON_MAX} characters.` : null) },
  });
  const close = () => {
    if (!loading) onClose();
  };
  return (
    <Modal opened onClose={close} title="Reject project" centered>
      <form onSubmit={form.onSubmit((v) => onReject(v.reason.trim()))}>
        <Stack>
          <Text size="sm">
            Reject "{project.project_name}" for {project.clint_name}? {project.telecaller_name ?? 'The telecaller'} is told at once, with the reason below.
          </Text>
          <Textarea
            label="Reason"
            description="Optional; shown to the telecaller with the project."
            placeholder="e.g. The client already has a contract with us."
            autosize
            minRows={2}
            maxRows={6}
            maxLength={REJECT_REASON_MAX}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={loading}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={loading}>
              Reject project
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
