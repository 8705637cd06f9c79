import type { ComplaintStatusFilter } from '../../../../shared/schemas/complaints';
import { LIST_PAGE_SIZE } from '../../lib/listSearch';

// Kept apart from the pages: a route's loader is in the first-load bundle, its component is not.

/** A page of a company or admin complaint list (`complaints.adminList`, `fromUsers`, `mine`); loaders prefetch the first. */
export const complaintsInput = (status: ComplaintStatusFilter, page = 1) => ({ status, page, pageSize: LIST_PAGE_SIZE });

/** Rows on a page of a telecaller's own complaints (`complaints.mineAsUser`). */
export const MY_COMPLAINTS_PAGE_SIZE = 10;
