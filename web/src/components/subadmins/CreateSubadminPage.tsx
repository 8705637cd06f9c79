import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { TRPCClientError } from '@trpc/client';
import { trpc } from '../../trpc';
import { notifyError, notifySuccess } from '../../lib/notify';
import { CreateSubadminInput, TELECALLER_LIMIT_MAX } from '../../../../shared/schemas/subadmins';
import { DEFAULT_TIME_ZONE, todayIn } from '../../../../shared/dates';
import { PAGE_TITLES } from '../layout/pageTitles';
import { type CreatedAccount, CreatedAccountCard } from '../accounts/CreatedAccountCard';

const EMPTY = {
  name: '',
  email: '',
  password: '',
  telecaller_creat_limit: '' as string | number,
  company_name: '',
  mobile: '',
  expiry_date: '',
  gst: '',
  company_bio: '',
  address: '',
};

/** The server said no (validation, duplicate) rather than the request failing on the way. */
const isServerAnswer = (err: unknown) => err instanceof TRPCClientError && typeof err.data?.httpStatus === 'number';

export function CreateSubadminPage() {
  const utils = trpc.useUtils();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: EMPTY,
    validate: schemaResolver(CreateSubadminInput, { sync: true }),
    validateInputOnBlur: true,
  });

  const [created, setCreated] = useState<CreatedAccount | null>(null);
  const create = trpc.subadmins.create.useMutation({
    onSuccess: (company, typed) => {
      notifySuccess('Subadmin created successfully!');
      setCreated({
        title: 'Company created',
        details: [
          ['Name', company.name],
          ['Role', 'Subadmin (company owner)'],
          ['Company', company.company_name],
        ],
        signInUrl: `${window.location.origin}/subadminsignin`,
        signInIdLabel: 'Email',
        signInId: company.email,
        password: typed.password,
      });
      form.reset();
      void utils.subadmins.list.invalidate();
      void utils.subadmins.dashboard.invalidate();
    },
    onError: (err) => {
      if (isServerAnswer(err)) {
        const fieldErrors = err.data?.fieldErrors;
        if (fieldErrors) form.setErrors(fieldErrors);
        notifyError(err.message || 'Failed to create subadmin.');
      } else {
        notifyError(`An error occurred: ${err.message}`);
      }
    },
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>{PAGE_TITLES['/admin/subadmin-list/form']}</Title>
        <Button component={Link} to="/admin/subadmin-list" activeOptions={{ exact: true }} variant="default">
          Back
        </Button>
      </Group>

      {created ? (
        <CreatedAccountCard
          account={created}
          onCreateAnother={() => setCreated(null)}
          extra={
            <Button component={Link} to="/admin/subadmin-list" activeOptions={{ exact: true }} variant="subtle">
              Go to the list
            </Button>
          }
        />
      ) : (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                <TextInput label="Name" required autoComplete="off" key={form.key('name')} {...form.getInputProps('name')} />
                <TextInput label="Email" type="email" required autoComplete="off" key={form.key('email')} {...form.getInputProps('email')} />
                <PasswordInput
                  label="Password"
                  description="At least 8 characters."
                  required
                  autoComplete="new-password"
                  key={form.key('password')}
                  {...form.getInputProps('password')}
                />
                <TextInput
                  label="Telecaller limit"
                  description="Telecallers and telecaller heads this subadmin may create."
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={TELECALLER_LIMIT_MAX}
                  step={1}
                  required
                  key={form.key('telecaller_creat_limit')}
                  {...form.getInputProps('telecaller_creat_limit')}
                />
                <TextInput
                  label="Company name"
                  description="The subadmin's registered company name."
                  required
                  key={form.key('company_name')}
                  {...form.getInputProps('company_name')}
                />
                <TextInput
                  label="Mobile"
                  description="Indian mobile, 10 digits."
                  type="tel"
                  inputMode="tel"
                  required
                  key={form.key('mobile')}
                  {...form.getInputProps('mobile')}
                />
                <TextInput
                  label="Expiry date"
                  description="The company and its users cannot sign in after this day."
                  type="date"
                  min={todayIn(DEFAULT_TIME_ZONE)}
                  required
                  key={form.key('expiry_date')}
                  {...form.getInputProps('expiry_date')}
                />
                <TextInput
                  label="GST number"
                  description="15 letters and digits (GSTIN)."
                  placeholder="e.g. 27AAPCS1234F1Z5"
                  required
                  key={form.key('gst')}
                  {...form.getInputProps('gst')}
                />
              </SimpleGrid>
              <Textarea label="Company bio" required autosize minRows={3} key={form.key('company_bio')} {...form.getInputProps('company_bio')} />
              <Textarea label="Address" required autosize minRows={2} key={form.key('address')} {...form.getInputProps('address')} />
              <Group justify="flex-end">
                <Button type="submit" loading={create.isPending}>
                  Create Subadmin
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
