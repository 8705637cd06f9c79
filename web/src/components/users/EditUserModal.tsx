import { useEffect } from 'react';
import { Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { UpdateUserInput, type UserRow } from '../../../../shared/schemas/users';
import type { UserTypeValue } from '../../../../shared/constants';
import { fieldErrorsOf, notifyFailure } from '../../lib/notify';
import { isLimitedType, userTypeOptions } from './userTypes';

interface Props {
  user: UserRow | null;
  /** true when no telecaller or head may be added: a developer cannot become one */
  limitReached: boolean;
  onClose: () => void;
}

const EMPTY = { id: 0, name: '', email: '', mobile: '', user_type: '' as UserTypeValue | '', password: '' };

export function EditUserModal({ user, limitReached, onClose }: Props) {
  const utils = trpc.useUtils();
  const form = useForm({ mode: 'controlled', initialValues: EMPTY, validate: schemaResolver(UpdateUserInput, { sync: true }) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled when another user is opened, not on every render of the form object
  useEffect(() => {
    if (user) {
      form.setValues({ id: user.id, name: user.name, email: user.email, mobile: user.mobile, user_type: user.user_type, password: '' });
      form.resetDirty();
      form.clearErrors();
    }
  }, [user]);

  const update = trpc.users.update.useMutation({
    onSuccess: () => {
      notifySuccess('User updated successfully.');
      void utils.users.list.invalidate();
      onClose();
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields) form.setErrors(fields);
      notifyFailure('Failed to update user.', err);
    },
  });

  // A telecaller or head may switch between the two; a developer may join them only below the limit.
  const blockLimited = limitReached && !!user && !isLimitedType(user.user_type);

  return (
    <Modal opened={user !== null} onClose={onClose} title="Update user" centered>
      <form onSubmit={form.onSubmit((v) => update.mutate({ ...v, user_type: v.user_type as UserTypeValue }))} noValidate>
        <Stack>
          <TextInput label="Name" required autoComplete="off" key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" required autoComplete="off" key={form.key('email')} {...form.getInputProps('email')} />
          <TextInput label="Mobile" type="tel" inputMode="tel" required autoComplete="off" key={form.key('mobile')} {...form.getInputProps('mobile')} />
          <Select
            label="User type"
            required
            allowDeselect={false}
            data={userTypeOptions(blockLimited)}
            description={blockLimited ? 'The telecaller limit is reached: this developer cannot become a telecaller or head.' : undefined}
            key={form.key('user_type')}
            {...form.getInputProps('user_type')}
          />
          <PasswordInput
            label="New password"
            description="Leave empty to keep the current password. A new one signs the user out everywhere."
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Update
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
