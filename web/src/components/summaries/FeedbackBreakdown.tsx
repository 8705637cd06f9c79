import { Group, Stack, Text } from '@mantine/core';
import type { FeedbackTotal } from '../../../../shared/schemas/summaries';

/** A feedback as a report names it: the company's choice today (marked when retired), or an older call's text. */
export const feedbackLabel = (f: FeedbackTotal) => `${f.label || 'No feedback'}${f.retired ? ' (retired)' : ''}`;

/** Calls by feedback, one line each, the company's choices first in its order. */
export function FeedbackBreakdown({ feedback }: { feedback: FeedbackTotal[] }) {
  return (
    <Stack gap={0}>
      {feedback.map((f) => (
        <Group key={f.choiceId ?? `text:${f.label}`} gap="xs" justify="space-between" wrap="nowrap">
          <Text size="xs" c={f.retired || f.choiceId === null ? 'dimmed' : undefined} fs={f.retired ? 'italic' : undefined} truncate>
            {feedbackLabel(f)}
          </Text>
          <Text size="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {f.count}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
