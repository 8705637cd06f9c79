import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Group, Paper, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { PAGE_TITLES } from '../layout/pageTitles';
import { LimitIndicator } from './LimitIndicator';
import { fieldErrorsOf, serverAnswered } from '../../lib/notify';
import { isLimitedType, userTypeOptions } from './userTypes';
import { CreateUserInput } from '../../../../shared/schemas/users';
import { USER_TYPE_LABELS, type UserTypeValue } from '../../../../shared/constants';
import { type CreatedAccount, CreatedAccountCard } from '../accounts/CreatedAccountCard';

const EMPTY = { name: '', email: '', mobile: '', password: '', user_type: '' as UserTypeValue | '' };

export function CreateTelecallerPage() {
  const utils = trpc.useUtils();
  // Only the limit is needed from the list: one row keeps the call small.
  const usage = trpc.users.list.useQuery({ page: 1, pageSize: 1 });
  const limit = usage.data?.limit;
  const limitReached = !!limit && limit.used >= limit.max;

  const form = useForm({ mode: 'controlled', initialValues: EMPTY, validate: schemaResolver(CreateUserInput, { sync: true }) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: clears a limited type only when the limit is reached, not while the user picks one
  useEffect(() => {
    const t = form.values.user_type;
    if (limitReached && t && isLimitedType(t)) form.setFieldValue('user_type', '');
  }, [limitReached]);

  const [created, setCreated] = useState<CreatedAccount | null>(null);
  const create = trpc.users.create.useMutation({
    onSuccess: (user, typed) => {
      notifySuccess('User created successfully!');
      setCreated({
        title: 'User created',
        details: [
          ['Name', user.name],
          ['Role', USER_TYPE_LABELS[user.user_type]],
          ['Email', user.email],
        ],
        signInUrl: `${window.location.origin}/signin`,
        signInIdLabel: 'Mobile',
        signInId: user.mobile,
        password: typed.password,
      });
      form.reset();
      void utils.users.list.invalidate();
    },
    onError: (err) => {
      if (serverAnswered(err)) {
        const fields = fieldErrorsOf(err);
        if (fields) form.setErrors(fields);
        notifications.show({ message: err.message || 'Failed to create user.', color: 'red', autoClose: 3000 });
        // The limit may have been reached meanwhile (another tab): show it.
        void utils.users.list.invalidate();
      } else {
        notifications.show({ message: `An error occurred: ${err.message}`, color: 'red', autoClose: 3000 });
      }
    },
  });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>{PAGE_TITLES['/subadmin/telicallerlist/formtelicaller']}</Title>
          <Text c="dimmed" size="sm">
            Add a telecaller, telecaller head or developer. They sign in with their mobile number and this password.
          </Text>
        </div>
        <Group align="stretch" wrap="wrap">
          {limit && <LimitIndicator limit={limit} compact />}
          <Button component={Link} to="/subadmin/telicallerlist/alltelicaller" variant="default" style={{ alignSelf: 'center' }}>
            Back to list
          </Button>
        </Group>
      </Group>

      {limitReached && limit && (
        <Alert color="orange" variant="light" title={`Telecaller limit reached (${limit.used} of ${limit.max})`}>
          You cannot add more telecallers or telecaller heads. Ask the admin to raise your limit. You can still create developers.
        </Alert>
      )}

      {created ? (
        <CreatedAccountCard
          account={created}
          onCreateAnother={() => setCreated(null)}
          extra={
            <Button component={Link} to="/subadmin/telicallerlist/alltelicaller" variant="subtle">
              Go to the list
            </Button>
          }
        />
      ) : (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={760}>
          <form onSubmit={form.onSubmit((v) => create.mutate({ ...v, user_type: v.user_type as UserTypeValue }))} noValidate>
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Name" required autoComplete="off" key={form.key('name')} {...form.getInputProps('name')} />
                <TextInput label="Email" type="email" required autoComplete="off" key={form.key('email')} {...form.getInputProps('email')} />
                <TextInput
                  label="Mobile"
                  type="tel"
                  inputMode="tel"
                  required
                  autoComplete="off"
                  placeholder="10-digit mobile number"
                  key={form.key('mobile')}
                  {...form.getInputProps('mobile')}
                />
                <PasswordInput
                  label="Password"
                  required
                  autoComplete="new-password"
                  description="At least 8 characters."
                  key={form.key('password')}
                  {...form.getInputProps('password')}
                />
                <Select
                  label="User type"
                  placeholder="Select user type"
                  required
                  data={userTypeOptions(limitReached)}
                  key={form.key('user_type')}
                  {...form.getInputProps('user_type')}
                />
              </SimpleGrid>
              <Group justify="flex-end">
                <Button type="submit" loading={create.isPending}>
                  Create
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
