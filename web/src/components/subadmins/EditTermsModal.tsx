import { useEffect } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { trpc } from '../../trpc';
import { notifyError, notifySuccess } from '../../lib/notify';
import { UpdateTermsInput, type SubadminListItem } from '../../../../shared/schemas/subadmins';
import { todayIn, DEFAULT_TIME_ZONE } from '../../../../shared/dates';

interface Props {
  subadmin: SubadminListItem | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The admin's edit of a company's terms: expiry date and telecaller limit. */
export function EditTermsModal({ subadmin, onClose, onSaved }: Props) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { id: 0, expiry_date: '', telecaller_creat_limit: '' as string | number },
    validate: schemaResolver(UpdateTermsInput, { sync: true }),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled when another sub-admin is opened, not on every render of the form object
  useEffect(() => {
    if (subadmin) {
      form.setValues({ id: subadmin.id, expiry_date: subadmin.expiry_date, telecaller_creat_limit: String(subadmin.telecaller_creat_limit) });
      form.resetDirty();
      form.clearErrors();
    }
  }, [subadmin]);

  const update = trpc.subadmins.updateTerms.useMutation({
    onSuccess: () => {
      notifySuccess('Subadmin updated successfully.');
      onSaved();
      onClose();
    },
    onError: (err) => {
      const fieldErrors = err.data?.fieldErrors;
      if (fieldErrors) form.setErrors(fieldErrors);
      notifyError(err, 'Failed to update subadmin.');
    },
  });

  const limit = Number(form.values.telecaller_creat_limit);
  const inUse = subadmin?.telecallers_count ?? 0;
  const overLimit = subadmin !== null && Number.isInteger(limit) && limit > 0 && inUse > limit;

  return (
    <Modal opened={subadmin !== null} onClose={onClose} title="Edit subadmin" centered>
      {subadmin && (
        <form onSubmit={form.onSubmit((values) => update.mutate(values))} noValidate>
          <Stack>
            <Text size="sm">
              <Text span fw={600}>
                {subadmin.company_name}
              </Text>{' '}
              ({subadmin.name}) uses {inUse} of {subadmin.telecaller_creat_limit} telecaller places.
            </Text>
            <TextInput
              type="date"
              label="Expiry date"
              required
              min={todayIn(DEFAULT_TIME_ZONE)}
              key={form.key('expiry_date')}
              {...form.getInputProps('expiry_date')}
            />
            <TextInput
              type="number"
              label="Telecaller limit"
              description="Telecallers and telecaller heads this company may have (developers are not counted)."
              required
              min={1}
              step={1}
              inputMode="numeric"
              key={form.key('telecaller_creat_limit')}
              {...form.getInputProps('telecaller_creat_limit')}
            />
            {overLimit && (
              <Alert color="yellow" variant="light">
                This subadmin already has {inUse} telecallers and telecaller heads. It keeps them, but cannot add more until it is under the new limit of{' '}
                {limit}.
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={update.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
