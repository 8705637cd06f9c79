import { z } from 'zod';
import { PageInput } from './paging.js';
import { idField } from './users.js';

export const COMPLAINT_TITLE_MAX = 200;
export const COMPLAINT_BODY_MAX = 5000;
export const COMPLAINT_REPLY_MAX = 5000;

const requiredText = (required: string, max: number, label: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, `${label} must be at most ${max} characters.`);

export const CreateComplaintInput = z.object({
  title: requiredText('Title is required.', COMPLAINT_TITLE_MAX, 'Title'),
  body: requiredText('Body is required.', COMPLAINT_BODY_MAX, 'Body'),
});
export type CreateComplaintInput = z.infer<typeof CreateComplaintInput>;

/** 'pending' is status 0; 'closed' is every other status (shown as Resolved). */
export const ComplaintStatusFilter = z.enum(['pending', 'closed']);
export type ComplaintStatusFilter = z.infer<typeof ComplaintStatusFilter>;

export const MyComplaintsInput = PageInput.extend({ status: ComplaintStatusFilter.optional() });
export type MyComplaintsInput = z.infer<typeof MyComplaintsInput>;

export const AdminComplaintsInput = PageInput.extend({ status: ComplaintStatusFilter });
export type AdminComplaintsInput = z.infer<typeof AdminComplaintsInput>;

export const ComplaintIdInput = z.object({ id: idField });
export type ComplaintIdInput = z.infer<typeof ComplaintIdInput>;

export const ReplyComplaintInput = ComplaintIdInput.extend({ reply: requiredText('Please enter a reply.', COMPLAINT_REPLY_MAX, 'Reply') });
export type ReplyComplaintInput = z.infer<typeof ReplyComplaintInput>;

/** A complaint as its author (the sub-admin) sees it. */
export interface ComplaintItem {
  id: number;
  title: string;
  body: string;
  status: number;
  reply: string | null;
  replied_at: string | null;
  resolved_at: string | null;
  created_at: string;
}

/** A sub-admin's complaint as the platform admin sees it. */
export interface AdminComplaintItem extends ComplaintItem {
  subadmin_id: number;
  company_name: string;
  subadmin_name: string;
}

/** A telecaller's (or head's, or developer's) complaint or suggestion to its company: the original app's Reason and Description. */
export const UserComplaintInput = z.object({
  reason: requiredText('Reason is required.', COMPLAINT_TITLE_MAX, 'Reason'),
  description: requiredText('Description is required.', COMPLAINT_BODY_MAX, 'Description'),
});
export type UserComplaintInput = z.infer<typeof UserComplaintInput>;

export const CompanyUserComplaintsInput = PageInput.extend({ status: ComplaintStatusFilter });
export type CompanyUserComplaintsInput = z.infer<typeof CompanyUserComplaintsInput>;

/** A user's complaint as its company sees it. */
export interface UserComplaintItem extends ComplaintItem {
  user_id: number | null;
  user_name: string | null;
  user_type: string | null;
}
