import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { QueryState } from '../QueryState';
import { PAGE_TITLES } from '../layout/pageTitles';
import { fieldErrorsOf, notifyFailure } from '../../lib/notify';
import { LeadPullCard } from './LeadPullCard';
import { IndiamartInput, type IndiamartSettings } from '../../../../shared/schemas/settings';

export function IndiamartPage() {
  const settings = trpc.settings.getIndiamart.useQuery();
  return (
    <Stack>
      <div>
        <Text size="xs" tt="uppercase" fw={600} c="dimmed">
          Manage API
        </Text>
        <Title order={2}>{PAGE_TITLES['/subadmin/manage-indiamart']}</Title>
        <Text c="dimmed" size="sm">
          Your IndiaMART CRM link and the mobile number of that IndiaMART account.
        </Text>
      </div>
      <QueryState query={settings} errorText="Failed to load API data.">
        {(data) => <IndiamartForm settings={data} />}
      </QueryState>
      <LeadPullCard />
    </Stack>
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
      // a new link starts its pulls afresh
      void utils.indiamart.status.invalidate();
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
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
