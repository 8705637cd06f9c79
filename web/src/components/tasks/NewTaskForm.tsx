import { useState } from 'react';
import { Button, FileInput, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { postForm } from '../../lib/postForm';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { TaskInput } from '../../../../shared/schemas/tasks';
import { PAGE_TITLES } from '../layout/pageTitles';

interface Values {
  name: string;
  description: string;
  start_date: string;
  end_date: string;
  developer_id: string | null;
}

/** New Task: what, when, for which developer, with an image and a video of it if the company has them. */
export function NewTaskForm() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const developers = trpc.tasks.developers.useQuery();
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { name: '', description: '', start_date: '', end_date: '', developer_id: null },
    validate: schemaResolver(TaskInput, { sync: true }),
  });
  const [image, setImage] = useState<File | null>(null);
  const [video, setVideo] = useState<File | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (v: Values) => {
    const body = new FormData();
    for (const [k, val] of Object.entries(v)) if (val) body.append(k, String(val));
    if (image) body.append('image', image, image.name);
    if (video) body.append('video', video, video.name);
    setSending(true);
    try {
      const r = await postForm('/api/webapi/createTask', body, 'Failed to add task');
      notifySuccess(r.message);
      void utils.tasks.invalidate();
      void navigate({ to: '/subadmin/task/runningtask' });
    } catch (err) {
      notifyFailure('Failed to add task', err);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack maw={760} w="100%">
      <div>
        <Title order={2}>{PAGE_TITLES['/subadmin/task/newtask']}</Title>
        <Text c="dimmed" size="sm">
          The developer sees it under New Task and accepts it.
        </Text>
      </div>
      <Paper withBorder p="md">
        <form noValidate onSubmit={form.onSubmit(submit)}>
          <Stack gap="sm">
            <TextInput label="Task name" withAsterisk maxLength={200} key={form.key('name')} {...form.getInputProps('name')} />
            <Textarea
              label="Description"
              withAsterisk
              autosize
              minRows={3}
              maxRows={10}
              maxLength={5000}
              key={form.key('description')}
              {...form.getInputProps('description')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput type="date" label="Start date" withAsterisk key={form.key('start_date')} {...form.getInputProps('start_date')} />
              <TextInput type="date" label="End date" withAsterisk key={form.key('end_date')} {...form.getInputProps('end_date')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <FileInput
                label="Image"
                description="Optional"
                accept="image/jpeg,image/png,image/webp,image/gif"
                placeholder="Choose an image"
                value={image}
                onChange={setImage}
                clearable
              />
              <FileInput
                label="Video"
                description="Optional"
                accept="video/mp4,video/webm"
                placeholder="Choose a video"
                value={video}
                onChange={setVideo}
                clearable
              />
            </SimpleGrid>
            <Select
              label="Developer"
              withAsterisk
              placeholder="Choose a developer"
              data={(developers.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
              nothingFoundMessage="No developers yet"
              key={form.key('developer_id')}
              {...form.getInputProps('developer_id')}
            />
            <Button type="submit" loading={sending}>
              Add task
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
