import { Card, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { formatMoney } from '../../lib/format';
import { QueryState } from '../QueryState';
import { Pager } from '../Pager';
import { ButtonLink } from '../ButtonLink';
import { useSearchText } from '../../lib/useSearchText';
import { useListPage } from '../../lib/useListPage';
import { productListInput } from './productSearch';
import type { ProductSearch } from './ProductsPage';

/** The company's products on the telecaller's phone: what to offer, at what price; one tap starts a project with it. */
export function ProductListPage() {
  const { search, setSearch, setPage } = useListPage<ProductSearch>();
  const { t } = useTranslation();
  const [text, setText] = useSearchText(search.q ?? '', (q) => setSearch({ q: q || undefined }, 'replace'));
  const products = trpc.products.list.useQuery(productListInput(search), { placeholderData: (prev) => prev });
  return (
    <Stack>
      <div>
        <Title order={2}>{t('titles./leadspage/listproduct')}</Title>
        <Text c="dimmed" size="sm">
          {t('products.intro')}
        </Text>
      </div>
      <TextInput
        type="search"
        placeholder={t('products.search')}
        aria-label={t('products.search')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={100}
        size="md"
      />
      <QueryState query={products} empty={t(search.q ? 'products.noMatch' : 'products.empty')} isEmpty={(d) => d.total === 0} errorText={t('products.failed')}>
        {(data) => (
          <div>
            <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm">
              {data.items.map((p) => (
                <Card key={p.id} withBorder radius="md" padding="sm" component="article" aria-label={p.name}>
                  <Stack gap={6}>
                    <Text fw={700}>{p.name}</Text>
                    <Text fw={600} c="blue" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatMoney(p.price)}
                    </Text>
                    {p.description && (
                      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                        {p.description}
                      </Text>
                    )}
                    <ButtonLink to="/leadspage/createproject" search={{ product: p.id }} variant="light" size="md">
                      {t('queue.createProject')}
                    </ButtonLink>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
          </div>
        )}
      </QueryState>
    </Stack>
  );
}
