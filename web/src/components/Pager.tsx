import { Group, Pagination, Text } from '@mantine/core';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

export function Pager({ page, pageSize, total, onChange }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {first}–{last} of {total}
      </Text>
      {pages > 1 && <Pagination size="sm" value={page} total={pages} onChange={onChange} />}
    </Group>
  );
}
