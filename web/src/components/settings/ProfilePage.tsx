import {
  Alert,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { PAGE_TITLES } from '../layout/pageTitles';
import { formatDate } from '../../lib/format';
import { fieldErrorsOf, notifyFailure } from '../../lib/notify';
import { ProfileUpdateInput, type SubadminProfile } from '../../../../shared/schemas/profile';

export function ProfilePage() {
  const profile = trpc.profile.get.useQuery();
  return (
    <Stack>
      <div>
        <Title order={2}>{PAGE_TITLES['/subadmin/Profilehandel']}</Title>
        <Text c="dimmed" size="sm">
          Your company details. Email, mobile, expiry date and telecaller limit are set by the admin.
        </Text>
      </div>
      {profile.isPending ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : profile.isError ? (
        <Alert color="red" title={profile.error.data?.code === 'NOT_FOUND' ? 'No subadmin found.' : 'Error fetching subadmin data.'}>
          <Group justify="space-between">
            <Text size="sm">Please try again.</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void profile.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : (
        <ProfileForm profile={profile.data} />
      )}
    </Stack>
  );
}

const timeZones = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['Asia/Kolkata'];
  }
})();

function ReadOnly({ label, value }: { label: string; value: string }) {
  return <TextInput label={label} value={value} readOnly variant="filled" description="Set by the admin" />;
}

function ProfileForm({ profile }: { profile: SubadminProfile }) {
  const utils = trpc.useUtils();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      name: profile.name,
      company_name: profile.company_name,
      gst: profile.gst,
      company_bio: profile.company_bio,
      address: profile.address,
      time_zone: profile.time_zone,
      password: '',
    },
    validate: schemaResolver(ProfileUpdateInput, { sync: true }),
  });

  const update = trpc.profile.update.useMutation({
    onSuccess: (saved) => {
      notifySuccess('Subadmin updated successfully!');
      utils.profile.get.setData(undefined, saved);
      form.setFieldValue('password', '');
      form.resetDirty();
      // The layout shows the company name.
      void utils.auth.me.invalidate();
      void utils.dashboard.subadmin.invalidate();
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields) form.setErrors(fields);
      notifyFailure('Failed to update profile.', err);
    },
  });

  const zones = timeZones.includes(profile.time_zone) ? timeZones : [profile.time_zone, ...timeZones];

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={860}>
      <form onSubmit={form.onSubmit((v) => update.mutate(v))} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ReadOnly label="Email" value={profile.email} />
            <ReadOnly label="Mobile" value={profile.mobile} />
            <ReadOnly label="Expiry date" value={formatDate(profile.expiry_date)} />
            <ReadOnly label="Telecaller limit" value={String(profile.telecaller_creat_limit)} />
          </SimpleGrid>
          <Divider />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required key={form.key('name')} {...form.getInputProps('name')} />
            <TextInput label="Company name" required key={form.key('company_name')} {...form.getInputProps('company_name')} />
            <TextInput label="GST" required key={form.key('gst')} {...form.getInputProps('gst')} />
            <Select
              label="Time zone"
              description={`Every date and time your company sees, "today" on dashboards and the CSV export follow this zone.`}
              searchable
              allowDeselect={false}
              data={zones}
              limit={50}
              key={form.key('time_zone')}
              {...form.getInputProps('time_zone')}
            />
          </SimpleGrid>
          <Textarea label="Company bio" required autosize minRows={2} maxRows={6} key={form.key('company_bio')} {...form.getInputProps('company_bio')} />
          <Textarea label="Address" required autosize minRows={2} maxRows={4} key={form.key('address')} {...form.getInputProps('address')} />
          <PasswordInput
            label="New password"
            description="Leave empty to keep the current password. A new one signs you out on your other devices."
            autoComplete="new-password"
            maw={420}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Update
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
