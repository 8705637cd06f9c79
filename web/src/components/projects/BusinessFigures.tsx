import { Card, SimpleGrid, Text } from '@mantine/core';
import { formatCount, formatMoney } from '../../lib/format';
import { useSharedText } from '../../i18n/sharedText';
import type { Business } from './types';

type Totals = Business['totals'];

/** The business cards: projects, value, received, pending, and the commission on the price and on what came in. */
export function BusinessFigures({ totals }: { totals: Totals }) {
  const { t } = useSharedText();
  const figures = [
    [t('business.projects'), formatCount(totals.projects)],
    [t('business.value'), formatMoney(totals.value)],
    [t('business.received'), formatMoney(totals.received)],
    [t('business.pending'), formatMoney(totals.pending)],
    [t('business.commission'), formatMoney(totals.commission)],
    [t('business.earned'), formatMoney(totals.commission_earned)],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      {figures.map(([label, value]) => (
        <Card key={label} withBorder radius="md" padding="sm">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
