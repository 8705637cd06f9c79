import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NOT_CONNECTED, type NotConnectedOutcome } from '../../../../shared/schemas/lead-work';

interface Props {
  /** the outcome being recorded, while its call is under way */
  pending: NotConnectedOutcome | null;
  /** no outcome can be recorded yet (the lead is still opening) */
  disabled?: boolean;
  onPick: (outcome: NotConnectedOutcome) => void;
}

/** One tap records a call that did not connect: an attempt, not an outcome (docs/product-rules.md#attempts). */
export function NotConnectedButtons({ pending, disabled = false, onPick }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {t('lead.notConnected')}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 2, xl: 4 }} spacing="xs">
        {NOT_CONNECTED.map((outcome) => (
          <Button
            key={outcome}
            variant="outline"
            color="orange"
            size="lg"
            px="xs"
            onClick={() => onPick(outcome)}
            loading={pending === outcome}
            disabled={disabled || (pending !== null && pending !== outcome)}
          >
            {t(`shared.notConnected.${outcome}`)}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
