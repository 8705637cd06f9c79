import type { ReactNode } from 'react';
import { Text, type MantineSize } from '@mantine/core';
import { useSharedText } from '../i18n/sharedText';
import { zonedParts } from '../lib/format';

// The text pieces the list tables repeat: one place decides how each kind wraps.

/** A short heading in a table cell (a title): bold, breaks long words instead of widening the table. */
export function TitleText({ children, maw }: { children: ReactNode; maw?: number }) {
  return (
    <Text size="sm" fw={500} miw={100} maw={maw} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

/** Free text people typed (a message, a complaint), kept to `lines` lines; the whole of it on hover. */
export function LongText({ text, lines }: { text: string; lines: number }) {
  return (
    <Text size="sm" lineClamp={lines} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} title={text}>
      {text}
    </Text>
  );
}

/** A value that reads badly when broken (a date, "3 of 10 users"). */
export function OneLine({ children, size = 'sm', dimmed }: { children: ReactNode; size?: MantineSize; dimmed?: boolean }) {
  return (
    <Text size={size} c={dimmed ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Text>
  );
}

/** A complaint's reply in full, or the original app's 'No reply'. */
export function ReplyText({ reply, maw }: { reply: string | null; maw?: number }) {
  const { t } = useSharedText();
  return reply ? (
    <Text size="sm" maw={maw} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {reply}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      {t('complaint.noReply')}
    </Text>
  );
}

/** An email that may wrap before the @, never inside a word. */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=@)/);
  return (
    <Text size="sm">
      {parts.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never move; the index is their identity
        <span key={i}>
          {i > 0 && <wbr />}
          {p}
        </span>
      ))}
    </Text>
  );
}

/** A stored instant as its date over its time, each unbroken: half the width of "26 Nov 2026, 01:25 AM" in one line. */
export function DateTimeText({ at }: { at: string }) {
  const p = zonedParts(at);
  if (!p) return <Text size="sm">{at}</Text>;
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {p.date}
      {p.time && (
        <>
          <br />
          {p.time}
        </>
      )}
    </Text>
  );
}
