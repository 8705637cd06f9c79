import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useSharedText } from '../../i18n/sharedText';
import { reminderKey, reminderText, type CallbackReminder } from './reminderText';

const SHOWN_KEY = 'callback-reminders-shown';
// Enough for a day of callbacks; the oldest are forgotten first.
const MAX_REMEMBERED = 500;

function shownKeys(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(SHOWN_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

function remember(keys: string[]): void {
  try {
    sessionStorage.setItem(SHOWN_KEY, JSON.stringify(keys.slice(-MAX_REMEMBERED)));
  } catch {
    /* storage full or blocked: a reminder may show twice, nothing worse */
  }
}

/**
 * A toast when a callback becomes due, once per callback for the browser tab's session (kept in
 * sessionStorage, so a reload does not repeat it). Missed ones are in the bell, not toasted.
 */
export function useReminderToasts(reminders: CallbackReminder[] | undefined): void {
  const { t } = useTranslation();
  const shared = useSharedText();
  // biome-ignore lint/correctness/useExhaustiveDependencies: new reminders show a toast; a change of language must not show them again
  useEffect(() => {
    if (!reminders?.length) return;
    const shown = shownKeys();
    const fresh = reminders.filter((r) => r.state === 'due' && !shown.includes(reminderKey(r)));
    if (!fresh.length) return;
    for (const r of fresh) {
      notifications.show({ id: `callback-${reminderKey(r)}`, title: t('reminders.toastTitle'), message: reminderText(r, shared.t), color: 'orange' });
    }
    remember([...shown, ...fresh.map(reminderKey)]);
    // A change of language does not show a reminder again.
  }, [reminders]);
}
