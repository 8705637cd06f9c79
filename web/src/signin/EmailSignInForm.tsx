import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { EMAIL_SIGN_IN_CHECKS } from '../../../shared/sign-in';
import { SignInLayout, type SignInLink } from './SignInLayout';
import { useSignIn } from './useSignIn';
import { PasswordAndSubmit } from './PasswordAndSubmit';

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
  const form = useForm({ initialValues: { email: '', password: '' }, validate: EMAIL_SIGN_IN_CHECKS });
  const { submit, isPending, failure } = useSignIn(kind, TEXTS[kind], form.setErrors);

  return (
    <SignInLayout title={title} subtitle={subtitle} links={links}>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack>
          <TextInput label="Email" placeholder="you@company.com" type="email" autoComplete="username" required {...form.getInputProps('email')} />
          <PasswordAndSubmit password={form.getInputProps('password')} failure={failure} isPending={isPending} />
        </Stack>
      </form>
    </SignInLayout>
  );
}
