import type { InboxItem } from '../../../../shared/schemas/notifications';
import type { SharedText } from '../../i18n/sharedText';

/** A notification's title and message: a notice the server wrote in the reader's language, any other as it was written. */
export function noticeText(
  item: Pick<InboxItem, 'title' | 'message'> & { notice?: InboxItem['notice'] },
  t: SharedText['t'],
): { title: string; message: string } {
  const n = item.notice;
  if (!n) return { title: item.title, message: item.message };
  const values = { project: n.params.project ?? '', reason: n.params.reason ?? '', complaint: n.params.complaint ?? '', reply: n.params.reply ?? '' };
  const message = t(`notice.${n.kind}.message`, values);
  return {
    title: t(`notice.${n.kind}.title`, values),
    message: n.kind === 'projectRejected' && n.params.reason ? `${message}\n${t('notice.projectRejected.reason', values)}` : message,
  };
}
