import { z } from 'zod';
import { PageInput } from './paging.js';
import { QUALITY_FILTERS, type LeadQuality, type QualityFilter } from '../constants.js';

/** The quality screen's filter buttons: every rated lead, or one rating (their names: the web's i18n). */
export { QUALITY_FILTERS, type QualityFilter } from '../constants.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (v: string) => {
  const ms = DATE.test(v) ? Date.parse(`${v}T00:00:00Z`) : NaN;
  // Date.parse rolls 2026-02-30 over to 2 March: the day must come back unchanged.
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(v);
};

/** A From or To day (YYYY-MM-DD); empty means no bound on that side. */
const dayBound = (label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isCalendarDate(v), `Enter the ${label} date as YYYY-MM-DD.`);

/** The quality filter: inclusive days in the company's time zone, one rating or all. */
export const LeadQualityInput = PageInput.pick({ page: true, pageSize: true })
  .extend({
    from: dayBound('From'),
    to: dayBound('To'),
    quality: z.enum(QUALITY_FILTERS, { error: 'Choose All Leads, Excellent, Good or Poor.' }).default('all'),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'The To date cannot be before the From date.' });
export type LeadQualityInput = z.input<typeof LeadQualityInput>;
export type LeadQualityQuery = z.output<typeof LeadQualityInput>;

export interface QualityLeadRow {
  id: number;
  name: string;
  mobile: string;
  /** raw, as uploaded: the web shows requirementText() of it */
  requirement: string;
  area: string;
  lead_quality: LeadQuality;
  /** the upload date, else the creation time: an ISO instant or a bare YYYY-MM-DD */
  date: string;
}

export interface QualityPage {
  items: QualityLeadRow[];
  /** rows matching the chosen rating (the pager's total) */
  total: number;
  page: number;
  pageSize: number;
  /** every rating's count within the dates, for the filter buttons */
  counts: Record<QualityFilter, number>;
}
