import { createFileRoute } from '@tanstack/react-router';
import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { QueryState } from '../../components/QueryState';
import { pageTitle } from '../../components/layout/brand';
import { fieldErrorsOf, formatDateTime, notifyFailure } from '../../components/users/feedback';
import { IndiamartInput, type IndiamartSettings } from '../../../../shared/schemas/settings';

export const Route = createFileRoute('/subadmin/manage-indiamart')({
  head: () => ({ meta: [{ title: pageTitle('API Details') }] }),
  component: IndiamartPage,
});

function IndiamartPage() {
  const settings = trpc.settings.getIndiamart.useQuery();
  return (
    <Stack>
      <div>
        <Text size="xs" tt="uppercase" fw={600} c="dimmed">
          Manage API
        </Text>
        <Title order={2}>API Details</Title>
        <Text c="dimmed" size="sm">
          Your IndiaMART CRM link and the mobile number of that IndiaMART account.
        </Text>
      </div>
      <QueryState query={settings} errorText="Failed to load API data.">
        {(data) => <IndiamartForm settings={data} />}
      </QueryState>
    </Stack>
  );
}

function LastPull({ s }: { s: IndiamartSettings }) {
  if (!s.last_pull_at) {
    return (
      <Text size="sm" c="dimmed">
        Last pull: Not pulled yet
      </Text>
    );
  }
  const ok = s.last_pull_code === '200';
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">Last pull: {formatDateTime(s.last_pull_at)}</Text>
      {s.last_pull_code && (
        <Badge size="sm" variant="light" color={ok ? 'green' : 'red'} tt="none">
          {s.last_pull_code}
        </Badge>
      )}
      {s.last_pull_message && (
        <Text size="sm" c="dimmed">
          {s.last_pull_message}
        </Text>
      )}
    </Group>
  );
}

function IndiamartForm({ settings }: { settings: IndiamartSettings }) {
  const utils = trpc.useUtils();
  const form = useForm({
    mode: 'controlled',
    initialValues: { api_link: settings.api_link, mobile_number: settings.mobile_number },
    validate: schemaResolver(IndiamartInput, { sync: true }),
  });
  const save = trpc.settings.saveIndiamart.useMutation({
    onSuccess: (saved) => {
      notifySuccess('API details saved successfully.');
      utils.settings.getIndiamart.setData(undefined, saved);
      form.setValues({ api_link: saved.api_link, mobile_number: saved.mobile_number });
      form.resetDirty();
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields) form.setErrors(fields);
      notifyFailure('Failed to save API data.', err);
    },
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={760}>
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
        <Stack>
          <TextInput
            label="API Link"
            required
            placeholder="https://mapi.indiamart.com/wservce/crm/crmListing/v2/?glusr_crm_key=..."
            autoComplete="off"
            spellCheck={false}
            key={form.key('api_link')}
            {...form.getInputProps('api_link')}
          />
          <TextInput
            label="Mobile Number"
            required
            type="tel"
            inputMode="tel"
            placeholder="10-digit mobile number"
            autoComplete="off"
            maw={320}
            key={form.key('mobile_number')}
            {...form.getInputProps('mobile_number')}
          />
          <Group justify="space-between" align="center" wrap="wrap">
            <LastPull s={settings} />
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
