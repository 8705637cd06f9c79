import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { errorMessage } from '../trpc';
import { useSharedText } from '../i18n/sharedText';

interface Props<T> {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  /** the original app's empty text, shown when isEmpty(data) */
  empty?: string;
  isEmpty?: (data: T) => boolean;
  errorText?: string;
  children: (data: T) => ReactNode;
}

/** Loading, error (with retry), empty and loaded states for one query. */
export function QueryState<T>({ query, empty, isEmpty, errorText, children }: Props<T>) {
  const { t, serverText } = useSharedText();
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <Alert color="red" title={errorText ?? t('list.failed')}>
        <Group justify="space-between">
          <Text size="sm">{serverText(errorMessage(query.error))}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
            {t('list.tryAgain')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (empty && isEmpty?.(query.data)) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  }
  return <>{children(query.data)}</>;
}
