import { Textarea, TextInput } from '@mantine/core';
import { NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TITLE_MAX } from '../../../../shared/schemas/notifications';

export type NotificationFieldErrors = Partial<Record<'title' | 'message' | 'subadminId', string>>;

interface Props {
  title: string;
  message: string;
  errors: NotificationFieldErrors;
  onTitle: (v: string) => void;
  onMessage: (v: string) => void;
}

/** The title and message every notification form asks for. */
export function SendNotificationFields({ title, message, errors, onTitle, onMessage }: Props) {
  return (
    <>
      <TextInput
        label="Title"
        placeholder="A short headline"
        required
        maxLength={NOTIFICATION_TITLE_MAX}
        value={title}
        onChange={(e) => onTitle(e.currentTarget.value)}
        error={errors.title}
      />
      <Textarea
        label="Message"
        placeholder="What do you want to tell them?"
        required
        autosize
        minRows={4}
        maxRows={12}
        maxLength={NOTIFICATION_MESSAGE_MAX}
        value={message}
        onChange={(e) => onMessage(e.currentTarget.value)}
        error={errors.message}
      />
    </>
  );
}

/** The first message for each field of a failed schema check. */
export function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]): NotificationFieldErrors {
  const errors: NotificationFieldErrors = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if ((key === 'title' || key === 'message' || key === 'subadminId') && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}
