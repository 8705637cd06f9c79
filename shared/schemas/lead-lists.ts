import { z } from 'zod';
import type { UserTypeValue } from '../constants.js';
import { ASSIGNED_FILTERS, type AssignedFilter } from '../leads.js';
import { LEAD_STATUS_CODES, STATUS_LISTS, STATUS_OF_LIST, type LeadStatus, type StatusList } from '../lead-status.js';
import { PageInput } from './paging.js';
import { idField } from './users.js';
import { FieldFiltersParam, fieldListInput, type FieldFilter } from './lead-field-filters.js';
import type { FieldWireValue } from '../lead-fields.js';

/**
 * The sub-admin's per-telecaller lead lists. "Pending" there means assigned and untouched (status '0'),
 * whenever it was sent: the telecaller's own New/Pending split by send date does not matter to the
 * sub-admin, and a lead opened but not submitted ('6') is not pending any more.
 */
export const LEAD_LISTS = STATUS_LISTS;
export type LeadList = StatusList;
/** The status each list shows; notSubmitted's leads were opened (when new or pending), their last change the opening. */
export const LEAD_LIST_STATUS: Record<LeadList, LeadStatus> = STATUS_OF_LIST;
/** The lists by name, as a message or a description says them: "pending, interested, ... or notSubmitted". */
export const LEAD_LIST_NAMES = `${LEAD_LISTS.slice(0, -1).join(', ')} or ${LEAD_LISTS.at(-1)}`;

export const LeadListSchema = z.enum(LEAD_LISTS, { error: 'Choose a lead list.' });

export const LeadStatusSchema = z.enum(LEAD_STATUS_CODES, { error: 'Choose a valid lead status.' });

export { ASSIGNED_FILTERS, type AssignedFilter };

/** Telecallers (and heads) holding leads of one list; `search` matches the telecaller's name. */
export const ByTelecallerInput = PageInput.extend({ status: LeadListSchema });
export type ByTelecallerInput = z.input<typeof ByTelecallerInput>;

/** One telecaller's leads of one list; `search` finds a name or a mobile by its start. */
export const OfTelecallerInput = PageInput.extend({ telecallerId: idField, status: LeadListSchema, ...fieldListInput });
export type OfTelecallerInput = z.input<typeof OfTelecallerInput>;

const categoryFilter = z
  .string()
  .trim()
  .max(100, 'Category must be at most 100 characters.')
  .optional()
  .transform((v) => v || undefined);

const uploadedFilters = {
  category: categoryFilter,
  assigned: z.enum(ASSIGNED_FILTERS, { error: 'Choose all, assigned or unassigned.' }).default('all'),
  status: LeadStatusSchema.optional(),
};

/** The company's uploaded leads; `search` finds a name or a mobile by its start. */
export const UploadedLeadsInput = PageInput.extend({ ...uploadedFilters, ...fieldListInput });
export type UploadedLeadsInput = z.input<typeof UploadedLeadsInput>;

const optionalSearch = z.string().trim().max(100, 'Search must be at most 100 characters.').optional();

/**
 * GET /api/webapi/leads/export.csv: either one telecaller's list (`telecallerId` with `status` a list
 * name, LEAD_LISTS) or the uploaded leads with their filters
 * (`status` then a lead status code). Query strings carry text, so an empty parameter means "not set".
 */
export const LeadExportQuery = z
  .object({
    telecallerId: z.preprocess((v) => (v === '' ? undefined : v), idField.optional()),
    status: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    search: optionalSearch,
    category: categoryFilter,
    assigned: z.preprocess((v) => (v === '' ? undefined : v), uploadedFilters.assigned),
    fields: FieldFiltersParam,
  })
  .transform((q, ctx) => {
    const search = q.search || undefined;
    const fields: FieldFilter[] | undefined = q.fields;
    if (q.telecallerId !== undefined) {
      const list = LeadListSchema.safeParse(q.status);
      if (!list.success) {
        ctx.addIssue({ code: 'custom', path: ['status'], message: `Choose a lead list: ${LEAD_LIST_NAMES}.` });
        return z.NEVER;
      }
      return { kind: 'telecaller' as const, telecallerId: q.telecallerId, status: list.data, search, fields };
    }
    const status = LeadStatusSchema.optional().safeParse(q.status);
    if (!status.success) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'Choose a valid lead status.' });
      return z.NEVER;
    }
    return { kind: 'uploaded' as const, search, category: q.category, assigned: q.assigned, status: status.data, fields };
  });
export type LeadExportQuery = z.output<typeof LeadExportQuery>;

export interface TelecallerLeadCount {
  id: number;
  name: string;
  user_type: UserTypeValue;
  blocked: boolean;
  /** removed from the company, but still holds leads of this list */
  deleted: boolean;
  count: number;
}

export interface TelecallerSummary {
  id: number;
  name: string;
  user_type: UserTypeValue;
  blocked: boolean;
  deleted: boolean;
}

/** A lead as every list and the CSV export show it: the fields each of them starts with. */
export interface LeadFields {
  id: number;
  name: string;
  mobile: string;
  /** raw, as uploaded: the web shows requirementText() of it */
  requirement: string;
  area: string;
  category: string;
  upload_date: string;
}

/** The company's fields that have a value on a lead, by key (docs/lead-fields-lists.md). */
export interface WithFieldValues {
  fields: Record<string, FieldWireValue>;
}

export interface TelecallerLeadRow extends LeadFields, WithFieldValues {
  telicaller_send_date: string | null;
  status: LeadStatus;
  lead_quality: string | null;
  callback_date: string | null;
  callback_time: string | null;
  /** the latest call's feedback and remarks, if it was worked */
  last_feedback: string | null;
  last_remarks: string | null;
  /** when the lead last changed (newest first) */
  updated_at: string;
}

export interface UploadedLeadRow extends LeadFields, WithFieldValues {
  status: LeadStatus;
  telicaller_id: number | null;
  /** the assignee's name, null when unassigned */
  assignee_name: string | null;
  /** unassigned because routing found nobody eligible yet: it goes out when someone is (docs/routing.md) */
  waiting_for_routing: boolean;
}
