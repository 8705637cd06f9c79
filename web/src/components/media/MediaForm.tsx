import { useState } from 'react';
import { Button, FileInput, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { trpc } from '../../trpc';
import { postForm } from '../../lib/postForm';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { MEDIA_MESSAGES, MediaInput, type MediaKind } from '../../../../shared/schemas/media';
import { MEDIA } from './mediaKinds';

export interface MediaValues {
  name: string;
  discreption: string;
  link: string;
}

/** Name, Description, Link and an image: a new demo or tutorial (image required), or an edit (a new image optional). */
export function MediaForm({
  kind,
  item,
  onDone,
  onCancel,
}: {
  kind: MediaKind;
  item?: MediaValues & { id: number };
  onDone: () => void;
  onCancel?: () => void;
}) {
  const words = MEDIA[kind];
  const utils = trpc.useUtils();
  const form = useForm<MediaValues>({
    mode: 'uncontrolled',
    initialValues: { name: item?.name ?? '', discreption: item?.discreption ?? '', link: item?.link ?? '' },
    validate: schemaResolver(MediaInput, { sync: true }),
  });
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (values: MediaValues) => {
    if (!item && !image) {
      setImageError(MEDIA_MESSAGES.allRequired);
      return;
    }
    const body = new FormData();
    if (item) body.append('id', String(item.id));
    body.append('name', values.name);
    body.append('discreption', values.discreption);
    body.append('link', values.link);
    if (image) body.append('image', image, image.name);
    setSending(true);
    try {
      const r = await postForm(item ? words.update : words.create, body, 'Something went wrong');
      notifySuccess(item ? r.message : words.created);
      void utils.media.invalidate();
      form.reset();
      setImage(null);
      onDone();
    } catch (err) {
      setImageError((err as Error).message);
      notifyFailure(item ? words.updateFailed : words.createFailed, err);
    } finally {
      setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk maxLength={200} key={form.key('name')} {...form.getInputProps('name')} />
        <Textarea
          label="Description"
          withAsterisk
          autosize
          minRows={3}
          maxRows={8}
          maxLength={2000}
          key={form.key('discreption')}
          {...form.getInputProps('discreption')}
        />
        <TextInput label="Link" withAsterisk type="url" placeholder="https://" maxLength={2000} key={form.key('link')} {...form.getInputProps('link')} />
        <FileInput
          label={item ? 'New image (optional)' : 'Image'}
          withAsterisk={!item}
          placeholder="Choose an image"
          accept="image/jpeg,image/png,image/webp,image/gif"
          value={image}
          onChange={(f) => {
            setImage(f);
            setImageError(null);
          }}
          error={imageError}
          clearable
        />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={sending}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={sending}>
            {item ? 'Save Changes' : 'Submit'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
