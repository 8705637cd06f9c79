import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MOBILE_SIGN_IN_CHECKS } from '../../../shared/sign-in';
import { SignInLayout } from './SignInLayout';
import { useSignIn } from './useSignIn';
import { PasswordAndSubmit } from './PasswordAndSubmit';
import { PAGE_TITLES } from '../components/layout/pageTitles';

/** Sign-in for telecallers, heads and developers (mobile and password); served at /signin and /login. */
export function UserSignInPage() {
  const form = useForm({ initialValues: { mobile: '', password: '' }, validate: MOBILE_SIGN_IN_CHECKS });
  const { submit, isPending, failure } = useSignIn('user', { success: 'Login Successful', fallback: 'Invalid credentials or server error.' }, form.setErrors);

  return (
    <SignInLayout
      title={PAGE_TITLES['/signin']}
      subtitle="Telecallers, telecaller heads and developers"
      links={[{ question: 'Subadmin?', label: PAGE_TITLES['/subadminsignin'], to: '/subadminsignin' }]}
    >
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
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
          <PasswordAndSubmit password={form.getInputProps('password')} failure={failure} isPending={isPending} />
        </Stack>
      </form>
    </SignInLayout>
  );
}
