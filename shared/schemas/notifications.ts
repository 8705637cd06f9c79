import { z } from 'zod';
import { PageInput } from './paging.js';
import { idField } from './users.js';
import type { NoticeKind, NoticeParams } from '../notices.js';

export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_MESSAGE_MAX = 2000;

const NotificationText = {
  title: z
    .string({ error: 'Title is required.' })
    .trim()
    .min(1, 'Title is required.')
    .max(NOTIFICATION_TITLE_MAX, `Title must be at most ${NOTIFICATION_TITLE_MAX} characters.`),
  message: z
    .string({ error: 'Message is required.' })
    .trim()
    .min(1, 'Message is required.')
    .max(NOTIFICATION_MESSAGE_MAX, `Message must be at most ${NOTIFICATION_MESSAGE_MAX} characters.`),
};

/** subadminId absent or null: every company. */
export const SendToSubadminsInput = z.object({ ...NotificationText, subadminId: idField.nullish() });
export type SendToSubadminsInput = z.infer<typeof SendToSubadminsInput>;

export const SendToUsersInput = z.object(NotificationText);
export type SendToUsersInput = z.infer<typeof SendToUsersInput>;

export const NotificationPageInput = PageInput.pick({ page: true, pageSize: true });
export type NotificationPageInput = z.infer<typeof NotificationPageInput>;

/** ids absent: every notification the reader can see. */
export const MarkReadInput = z
  .object({ ids: z.array(idField).max(500).optional() })
  .optional()
  .default({});
export type MarkReadInput = z.infer<typeof MarkReadInput>;

export const TargetCompaniesInput = z.object({ search: z.string().trim().max(100).optional() });
export type TargetCompaniesInput = z.infer<typeof TargetCompaniesInput>;

/** One notification in a reader's inbox. */
export interface InboxItem {
  id: number;
  title: string;
  message: string;
  /** a notice the server wrote, which the telecaller's area says in the reader's language */
  notice: { kind: NoticeKind; params: NoticeParams } | null;
  created_at: string;
  read: boolean;
}

export interface Inbox {
  items: InboxItem[];
  total: number;
  page: number;
  pageSize: number;
  /** unread notifications the reader can see, over all pages */
  unread: number;
}

/** A notification the admin sent to companies. */
export interface SentToSubadminsItem {
  id: number;
  title: string;
  message: string;
  created_at: string;
  subadmin_id: number | null;
  /** the target company's name, or 'All companies' */
  target: string;
  /** companies that have read it */
  read_count: number;
  /** companies that can see it now */
  recipient_count: number;
}

/** A notification a company sent to its users. */
export interface SentToUsersItem {
  id: number;
  title: string;
  message: string;
  created_at: string;
  /** users who have read it */
  read_count: number;
  /** the company's current users */
  recipient_count: number;
}

/** The top bar's bell, for every signed-in role (a contract with the layout). */
export interface Bell {
  count: number;
  items: { id: number; title: string; message: string; notice?: InboxItem['notice']; created_at: string; read: boolean }[];
  href: string;
}

export interface TargetCompany {
  id: number;
  company_name: string;
  name: string;
}
