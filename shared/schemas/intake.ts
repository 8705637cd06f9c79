import { z } from 'zod';
import { UPLOAD_CATEGORIES } from '../leads.js';
import { PageInput } from './paging.js';
import { idField } from './users.js';
import { mobileField, requiredText } from './fields.js';
import type { LeadFields } from './lead-lists.js';
import { LeadFieldValues } from './lead-work.js';

export const MISSING_FILE_OR_CATEGORY = 'Please select a file and enter category.';
export const CATEGORY_MAX = 60;

/** The fixed categories keep one spelling whatever case they arrive in, so the pool groups them. */
export function canonicalCategory(value: string): string {
  const v = value.trim();
  return UPLOAD_CATEGORIES.find((c) => c.toLowerCase() === v.toLowerCase()) ?? v;
}

/** A lead category: one of the upload categories or a manual name (trimmed, 1-60 characters). */
export const categoryField = (missing = 'Category is required.') =>
  z.string({ error: missing }).trim().min(1, missing).max(CATEGORY_MAX, `Category must be at most ${CATEGORY_MAX} characters.`).transform(canonicalCategory);

export const UploadCategoryInput = categoryField(MISSING_FILE_OR_CATEGORY);

export const AddLeadInput = z.object({
  name: requiredText('Name', 200),
  mobile: mobileField(),
  requirement: z.string().trim().max(5000, 'Requirement must be at most 5000 characters.').default(''),
  area: z.string().trim().max(200, 'Area must be at most 200 characters.').default(''),
  category: categoryField(),
  /** the built-in email, and the company's details fields (read against its fields by addLeadIssues) */
  email: z
    .string()
    .trim()
    .max(254, 'Email must be at most 254 characters.')
    .nullish()
    .transform((v) => v || null),
  fields: LeadFieldValues.optional(),
});
export type AddLeadInput = z.input<typeof AddLeadInput>;

export const UploadHistoryInput = PageInput.pick({ page: true, pageSize: true });
export type UploadHistoryInput = z.input<typeof UploadHistoryInput>;

export const BatchIdInput = z.object({ id: idField });

export interface InvalidRow {
  /** the file line the row starts on (the header is line 1); null for an IndiaMART enquiry */
  line: number | null;
  /** the IndiaMART enquiry id, for a pull */
  ref?: string;
  reason: string;
}

/** What an upload reports (the legacy answer carries the same fields). */
export interface UploadResult {
  batchId: number;
  /** data rows read (the header not counted) */
  rows: number;
  inserted: number;
  /** duplicatesInFile + duplicatesExisting: the rows skipped */
  duplicates: number;
  /** rows the same as an earlier row of the file (mobile, name, requirement, area) */
  duplicatesInFile: number;
  /** rows whose enquiry the company already had (its lead's own, or one recorded on it), or whose mobile is in an upload still running */
  duplicatesExisting: number;
  /** rows taken as repeat enquiries: another enquiry of a mobile the company has, or of one earlier in the file (docs/routing.md#repeat-enquiries) */
  repeats: number;
  /** when the upload asked to route its leads: how many went to someone now, and how many wait for someone eligible */
  routing: { routed: number; waiting: number } | null;
  invalid: number;
  /** the first invalid rows (at most INVALID_REPORT_LIMIT); every one is in the batch's refused-rows file */
  invalidRows: InvalidRow[];
  /** the file's columns the company chose to ignore, as the header names them */
  ignoredColumns: string[];
  /** the file's columns kept on each lead as extra details (no part of the lead or field reads them) */
  extraColumns: string[];
}

export const INVALID_REPORT_LIMIT = 50;

export type BatchStatus = 'running' | 'complete' | 'failed';

export interface UploadHistoryRow {
  id: number;
  source: string;
  /** the file name, or 'IndiaMART pull' for a pull */
  fileName: string;
  category: string;
  inserted: number;
  duplicates: number;
  invalid: number;
  status: BatchStatus;
  uploadedBy: string;
  createdAt: string;
  completedAt: string | null;
  /** why a failed batch failed */
  error: string | null;
}

export interface BatchReport extends UploadHistoryRow {
  rows: number | null;
  duplicatesInFile: number | null;
  duplicatesExisting: number | null;
  /** rows whose lead took them as a repeat enquiry; null for uploads made before repeats were counted */
  repeats: number | null;
  invalidRows: InvalidRow[];
  ignoredColumns: string[];
  extraColumns: string[];
  /** every refused row can be downloaded (refusedRowsPath) */
  refusedRowsFile: boolean;
}

/** Where an upload's refused rows are downloaded as CSV (the legacy API, with the session cookie). */
export const refusedRowsPath = (batchId: number) => `/api/webapi/upload-batches/${batchId}/refused.csv`;

/** A manual lead as saved. */
export interface AddedLead extends Omit<LeadFields, 'upload_date'> {
  /** the telecaller it was assigned to (a telecaller's own lead, or routing's choice), or null in the pool */
  telicallerId: number | null;
  /** a sub-admin's lead under routing: who it was given to, or 'waiting' when nobody was available; null when not routed */
  routing: { to: string } | 'waiting' | null;
}
