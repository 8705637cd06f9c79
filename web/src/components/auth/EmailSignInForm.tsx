import { useState } from 'react';
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { EmailSignInInput } from '../../../../shared/schemas/auth';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { AREA_HOME, resetSessionCache } from './session';
import { signInErrorMessage } from './signInError';
import { SignInLayout, type SignInLink } from './SignInLayout';

interface Props {
  kind: 'admin' | 'subadmin';
  title: string;
  subtitle: string;
  links: SignInLink[];
}

const TEXTS = {
  admin: { fallback: 'Invalid credentials or server error.', success: null },
  subadmin: { fallback: 'Login failed.', success: 'Login successful!' },
} as const;

/** Sign-in with email and password for the admin and for subadmins. */
export function EmailSignInPage({ kind, title, subtitle, links }: Props) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(EmailSignInInput, { sync: true }),
  });
  const handlers = {
    onMutate: () => setFailure(null),
    onSuccess: async () => {
      resetSessionCache();
      const success = TEXTS[kind].success;
      if (success) notifySuccess(success);
      await navigate({ to: AREA_HOME[kind], replace: true });
    },
    onError: (err: unknown) => setFailure(signInErrorMessage(err, TEXTS[kind].fallback)),
  };
  const adminSignIn = trpc.auth.signInAdmin.useMutation(handlers);
  const subadminSignIn = trpc.auth.signInSubadmin.useMutation(handlers);
  const signIn = kind === 'admin' ? adminSignIn : subadminSignIn;

  return (
    <SignInLayout title={title} subtitle={subtitle} links={links}>
      <form onSubmit={form.onSubmit((values) => signIn.mutate(values))} noValidate>
        <Stack>
          <TextInput label="Email" placeholder="you@company.com" type="email" autoComplete="username" required {...form.getInputProps('email')} />
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
