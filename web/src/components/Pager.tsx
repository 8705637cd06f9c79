import { Group, Pagination, Text } from '@mantine/core';
import { pageRange, useSharedText } from '../i18n/sharedText';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  /** more match than a list pages through: `total` is that cap */
  totalCapped?: boolean;
  onChange: (page: number) => void;
}

/** Paging for a list of cards (the inbox); tables page through AppTable, with the same text. */
export function Pager({ page, pageSize, total, totalCapped, onChange }: Props) {
  const { t } = useSharedText();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {pageRange(page, pageSize, total, t, totalCapped)}
      </Text>
      {pages > 1 && <Pagination size="sm" value={page} total={pages} onChange={onChange} />}
    </Group>
  );
}
