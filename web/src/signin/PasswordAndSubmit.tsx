import { Alert, Button, PasswordInput, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/** The end of every sign-in form: the password, what went wrong, and SIGN IN. */
export function PasswordAndSubmit({ password, failure, isPending }: { password: GetInputPropsReturnType; failure: string | null; isPending: boolean }) {
  return (
    <>
      <PasswordInput label="Password" placeholder="Your password" autoComplete="current-password" required {...password} />
      {failure && (
        <Alert color="red" variant="light" role="alert" py="xs">
          <Text size="sm" c="red.9" fw={500}>
            {failure}
          </Text>
        </Alert>
      )}
      <Button type="submit" fullWidth size="md" loading={isPending}>
        SIGN IN
      </Button>
    </>
  );
}
