import { z } from 'zod';
import { COMMISSION_OPTIONS } from '../constants.js';
import { isCalendarDate } from '../dates.js';
import { MAX_PAISE, rupeesToPaise } from '../money.js';
import { PageInput } from './paging.js';
import { idField } from './users.js';
import { mobileField, requiredText } from './fields.js';
import { DateRangeInput } from './summaries.js';

export const DEFAULT_COMMISSION = 2;

export const PROJECT_MESSAGES = {
  created: 'Project created successfully!',
  updateSent: 'Update request sent to your company for approval!',
  updateApproved: 'Project update approved.',
  updateRejected: 'Project update rejected.',
  updateWaiting: 'An update for this project is already waiting for approval.',
  advanceAbovePrice: 'Advance cannot be more than the price.',
  receivedAbovePrice: 'Received payment cannot be more than the total price.',
  commission: `Choose a commission of ${COMMISSION_OPTIONS.join(', ')} %.`,
  endtime: 'Enter the end date as YYYY-MM-DD.',
  noPendingProjects: 'No pending projects found',
  noPendingUpdates: 'No pending updates.',
  noCompleted: 'No completed projects found.',
} as const;

/** An amount in rupees (a number, or text such as "1,250.50"), as integer paise. */
export const rupeesField = (label: string, opts: { positive: boolean }) =>
  z.union([z.string(), z.number()], { error: `${label} is required.` }).transform((v, ctx) => {
    if (typeof v === 'string' && v.trim() === '') {
      ctx.addIssue({ code: 'custom', message: `${label} is required.` });
      return z.NEVER;
    }
    const paise = rupeesToPaise(v);
    if (paise === null) {
      ctx.addIssue({ code: 'custom', message: `${label} must be an amount in rupees with at most two decimals.` });
      return z.NEVER;
    }
    if (opts.positive && paise <= 0) {
      ctx.addIssue({ code: 'custom', message: `${label} must be more than 0.` });
      return z.NEVER;
    }
    if (paise > MAX_PAISE) {
      ctx.addIssue({ code: 'custom', message: `${label} must be at most ₹10,00,00,000.` });
      return z.NEVER;
    }
    return paise;
  });

/** Optional amounts (the advance) read as 0 when left out or empty. */
const optionalRupees = (label: string) => z.preprocess((v) => (v === undefined || v === null || v === '' ? 0 : v), rupeesField(label, { positive: false }));

const commissionField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? DEFAULT_COMMISSION : typeof v === 'string' ? Number(v) : v),
  z.number({ error: PROJECT_MESSAGES.commission }).refine((n) => (COMMISSION_OPTIONS as readonly number[]).includes(n), PROJECT_MESSAGES.commission),
);

/** The end date (YYYY-MM-DD); a full timestamp from an old client keeps its date. */
const endDateField = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v.trim()) ? v.trim().slice(0, 10) : v),
  z.string({ error: 'End date is required.' }).trim().min(1, 'End date is required.').refine(isCalendarDate, PROJECT_MESSAGES.endtime),
);

const projectFields = {
  project_name: requiredText('Project name', 200),
  clint_name: requiredText('Client name', 200),
  number: mobileField('Contact number', 'Enter a valid 10-digit Indian mobile number.'),
  price: rupeesField('Price', { positive: true }),
  commission_percentage: commissionField,
  endtime: endDateField,
};

/** Create Project (telecaller or head); `lead_id` links it to the lead it was sold to. */
export const CreateProjectInput = z.object({ ...projectFields, advance: optionalRupees('Advance'), lead_id: idField.optional() }).superRefine((v, ctx) => {
  if (v.advance > v.price) ctx.addIssue({ code: 'custom', path: ['advance'], message: PROJECT_MESSAGES.advanceAbovePrice });
});
export type CreateProjectInput = z.input<typeof CreateProjectInput>;
export type CreateProject = z.output<typeof CreateProjectInput>;

/** A payment update request: the values proposed for a project, kept apart until the company decides. */
export const ProjectUpdateInput = z
  .object({ id: idField, ...projectFields, received: rupeesField('Received payment', { positive: false }) })
  .superRefine((v, ctx) => {
    if (v.received > v.price) ctx.addIssue({ code: 'custom', path: ['received'], message: PROJECT_MESSAGES.receivedAbovePrice });
  });
export type ProjectUpdateInput = z.input<typeof ProjectUpdateInput>;
export type ProjectUpdate = z.output<typeof ProjectUpdateInput>;

/** The telecaller's project lists; 'waiting' is what waits for the company: new projects and payment updates. */
export const MY_PROJECT_LISTS = ['pending', 'waiting', 'running', 'rejected', 'completed', 'delayed', 'pendingPayment', 'all'] as const;
export type MyProjectList = (typeof MY_PROJECT_LISTS)[number];
export const MyProjectsInput = PageInput.extend({ list: z.enum(MY_PROJECT_LISTS, { error: 'Choose a project list.' }) });
export type MyProjectsInput = z.input<typeof MyProjectsInput>;

/** The sub-admin's lists of one telecaller's projects (or every telecaller's, without telecallerId). */
export const COMPANY_PROJECT_LISTS = ['pending', 'running', 'rejected', 'completed', 'delayed', 'pendingPayment', 'fromLeads', 'all'] as const;
export type CompanyProjectList = (typeof COMPANY_PROJECT_LISTS)[number];
export const CompanyProjectsInput = PageInput.extend({
  list: z.enum(COMPANY_PROJECT_LISTS, { error: 'Choose a project list.' }),
  telecallerId: idField.optional(),
});
export type CompanyProjectsInput = z.input<typeof CompanyProjectsInput>;

export const ProjectIdInput = z.object({ id: idField });
export const REJECT_REASON_MAX = 500;
/** Reject a waiting project; the reason, when given, is shown to the telecaller with the project. */
export const RejectProjectInput = z.object({
  id: idField,
  reason: z
    .string()
    .trim()
    .max(REJECT_REASON_MAX, `Reason must be at most ${REJECT_REASON_MAX} characters.`)
    .optional()
    .transform((v) => v || undefined),
});
export type RejectProjectInput = z.input<typeof RejectProjectInput>;
export const DecideUpdateInput = z.object({ id: idField, approve: z.boolean({ error: 'Say whether the update is approved.' }) });
export type DecideUpdateInput = z.input<typeof DecideUpdateInput>;

/** The company's business by telecaller and month, over a date range (created dates, company zone). */
export const BusinessInput = DateRangeInput;
export type BusinessInput = z.input<typeof BusinessInput>;
