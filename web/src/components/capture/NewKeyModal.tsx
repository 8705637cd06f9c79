import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { trpc } from '../../trpc';
import { fieldErrorsOf, notifyFailure } from '../../lib/notify';
import { CreateCaptureKeyInput, type CaptureKeyKind, type CreatedCaptureKey } from '../../../../shared/schemas/capture';

/** Makes an API key or a website form key: its name, and for a form the page visitors go to after sending it. */
export function NewKeyModal({ kind, onClose, onCreated }: { kind: CaptureKeyKind; onClose: () => void; onCreated: (key: CreatedCaptureKey) => void }) {
  const utils = trpc.useUtils();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { kind, name: '', thankYouUrl: '' },
    validate: schemaResolver(CreateCaptureKeyInput, { sync: true }),
  });
  const create = trpc.capture.create.useMutation({
    onSuccess: (key) => {
      void utils.capture.list.invalidate();
      onCreated(key);
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields) form.setErrors(fields);
      notifyFailure('Could not create the key.', err);
    },
  });
  return (
    <Modal opened onClose={onClose} title={kind === 'api' ? 'New API key' : 'New website form'}>
      <form noValidate onSubmit={form.onSubmit((v) => create.mutate({ ...v, thankYouUrl: kind === 'form' ? v.thankYouUrl : undefined }))}>
        <Stack gap="sm">
          <TextInput
            label="Name"
            description={kind === 'api' ? 'What sends leads with it, such as "Our CRM".' : 'Where the form is, such as "Contact page".'}
            withAsterisk
            maxLength={100}
            data-autofocus
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          {kind === 'form' && (
            <TextInput
              label="Thank-you page"
              description="Where visitors go after sending the form. Leave empty for a simple thank-you page."
              placeholder="https://www.example.com/thank-you"
              type="url"
              maxLength={500}
              key={form.key('thankYouUrl')}
              {...form.getInputProps('thankYouUrl')}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
