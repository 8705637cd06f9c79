import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { trpc } from '../../trpc';
import { rupeesFieldValue } from '../../lib/format';
import { fieldErrorsOf, notifyFailure, notifySuccess } from '../../lib/notify';
import { ProductInput } from '../../../../shared/schemas/products';
import type { Product } from './types';

/** Add a product, or edit one: name, price, description. */
export function ProductModal({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: product?.name ?? '', price: product ? rupeesFieldValue(product.price) : '', description: product?.description ?? '' },
    validate: schemaResolver(ProductInput, { sync: true }),
  });
  const handlers = {
    onSuccess: () => {
      notifySuccess(product ? 'Product updated.' : 'Product added.');
      void utils.products.invalidate();
      onClose();
    },
    onError: (err: unknown) => {
      const fields = fieldErrorsOf(err);
      if (fields) form.setErrors(fields);
      notifyFailure(product ? 'Could not update the product.' : 'Could not add the product.', err);
    },
  };
  const create = trpc.products.create.useMutation(handlers);
  const update = trpc.products.update.useMutation(handlers);
  const saving = create.isPending || update.isPending;
  return (
    <Modal opened onClose={onClose} title={product ? 'Edit product' : 'Add product'}>
      <form noValidate onSubmit={form.onSubmit((v) => (product ? update.mutate({ id: product.id, ...v }) : create.mutate(v)))}>
        <Stack gap="sm">
          <TextInput label="Name" withAsterisk maxLength={120} data-autofocus key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput label="Price" withAsterisk inputMode="decimal" leftSection="₹" key={form.key('price')} {...form.getInputProps('price')} />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={1000}
            key={form.key('description')}
            {...form.getInputProps('description')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
