import { useState } from 'react';
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { MobileSignInInput } from '../../../../shared/schemas/auth';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { AREA_HOME, resetSessionCache } from './session';
import { signInErrorMessage } from './signInError';
import { SignInLayout } from './SignInLayout';
import { PAGE_TITLES } from '../layout/pageTitles';

/** Sign-in for telecallers, heads and developers (mobile and password); served at /signin and /login. */
export function UserSignInPage() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { mobile: '', password: '' },
    validate: schemaResolver(MobileSignInInput, { sync: true }),
  });
  const signIn = trpc.auth.signInUser.useMutation({
    onMutate: () => setFailure(null),
    onSuccess: async () => {
      resetSessionCache();
      notifySuccess('Login Successful');
      await navigate({ to: AREA_HOME.user, replace: true });
    },
    onError: (err) => setFailure(signInErrorMessage(err, 'Invalid credentials or server error.')),
  });

  return (
    <SignInLayout
      title={PAGE_TITLES['/signin']}
      subtitle="Telecallers, telecaller heads and developers"
      links={[{ question: 'Subadmin?', label: PAGE_TITLES['/subadminsignin'], to: '/subadminsignin' }]}
    >
      <form onSubmit={form.onSubmit((values) => signIn.mutate(values))} noValidate>
        <Stack>
          <TextInput
            label="User Mobile"
            placeholder="10-digit mobile number"
            type="tel"
            inputMode="tel"
            autoComplete="username"
            required
            {...form.getInputProps('mobile')}
          />
          <PasswordInput label="Password" placeholder="Your password" autoComplete="current-password" required {...form.getInputProps('password')} />
          {failure && (
            <Alert color="red" variant="light" role="alert" py="xs">
              <Text size="sm" c="red.8" fw={500}>
                {failure}
              </Text>
            </Alert>
          )}
          <Button type="submit" fullWidth size="md" loading={signIn.isPending}>
            SIGN IN
          </Button>
        </Stack>
      </form>
    </SignInLayout>
  );
}
