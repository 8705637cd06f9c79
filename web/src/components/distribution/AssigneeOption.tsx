import { Group, Stack, Text } from '@mantine/core';
import type { ComboboxItem } from '@mantine/core';
import type { Assignee } from '../../../../shared/schemas/distribution';
import { holdings } from './format';

/** A picker's renderOption: the name, with what the person holds now and got today below it. */
export function assigneeOptionRenderer(assignees: Assignee[]) {
  const byId = new Map(assignees.map((a) => [String(a.id), a]));
  return function renderAssigneeOption({ option, checked }: { option: ComboboxItem; checked?: boolean }) {
    const a = byId.get(option.value);
    return (
      <Group gap="xs" wrap="nowrap">
        {checked && (
          <Text size="sm" c="blue" aria-hidden>
            ✓
          </Text>
        )}
        <Stack gap={0}>
          <Text size="sm">{option.label}</Text>
          {a && (
            <Text size="xs" c="dimmed">
              {holdings(a)}
            </Text>
          )}
        </Stack>
      </Group>
    );
  };
}
