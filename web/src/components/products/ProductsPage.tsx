import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { formatMoney } from '../../lib/format';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { PAGE_TITLES } from '../layout/pageTitles';
import { AppTable, pagingOf } from '../DataTable/AppTable';
import { useSearchText } from '../../lib/useSearchText';
import { useListPage } from '../../lib/useListPage';
import { productListInput } from './productSearch';
import { ConfirmModal } from '../users/ConfirmModal';
import { ProductModal } from './ProductModal';
import type { Product } from './types';

export interface ProductSearch {
  q?: string;
  page?: number;
}

/** The sub-admin's products and services: what telecallers pick from when they create a project. */
export function ProductsPage() {
  const { search, setSearch, setPage } = useListPage<ProductSearch>();
  const utils = trpc.useUtils();
  const [text, setText] = useSearchText(search.q ?? '', (q) => setSearch({ q: q || undefined }, 'replace'));
  const products = trpc.products.list.useQuery(productListInput(search), { placeholderData: (prev) => prev });
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const remove = trpc.products.remove.useMutation({
    onSuccess: () => {
      notifySuccess('Product deleted.');
      setToDelete(null);
      void utils.products.invalidate();
    },
    onError: (e) => notifyFailure('Could not delete the product.', e),
  });
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{PAGE_TITLES['/subadmin/products']}</Title>
          <Text c="dimmed" size="sm">
            What your company sells. Telecallers pick from this list when they create a project.
          </Text>
        </div>
        <Button onClick={() => setEditing('new')}>Add product</Button>
      </Group>
      <Paper withBorder p="md">
        <TextInput
          placeholder="Search products"
          aria-label="Search products"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={100}
          mb="md"
          maw={320}
        />
        <AppTable<Product>
          aria-label="Products"
          query={products}
          records={products.data?.items}
          empty={search.q ? 'No product matches this search.' : 'No products yet.'}
          paging={pagingOf(products.data, setPage)}
          columns={[
            { accessor: 'name', title: 'Name' },
            { accessor: 'price', title: 'Price', textAlign: 'right', render: (p) => formatMoney(p.price) },
            {
              accessor: 'description',
              title: 'Description',
              render: (p) => (
                <Text size="sm" lineClamp={2}>
                  {p.description}
                </Text>
              ),
            },
          ]}
          actions={{
            render: (p) => (
              <Group gap={6} wrap="nowrap">
                <Button size="xs" variant="light" onClick={() => setEditing(p)}>
                  Edit
                </Button>
                <Button size="xs" variant="light" color="red" onClick={() => setToDelete(p)}>
                  Delete
                </Button>
              </Group>
            ),
          }}
        />
      </Paper>
      {editing && <ProductModal product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmModal
        opened={!!toDelete}
        title="Delete product"
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
        onClose={() => setToDelete(null)}
      >
        Delete {toDelete?.name}? Projects already made from it keep their name and price.
      </ConfirmModal>
    </Stack>
  );
}
