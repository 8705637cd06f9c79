import { addDays, todayIn } from '../../shared/dates.js';

/** A valid New Project form (projects.create) ending in 30 days; `over` sets any field. */
export const projectForm = (over: Record<string, unknown> = {}) => ({
  project_name: 'Website for Mehta Sweets',
  clint_name: 'Ravi Mehta',
  number: '9876543210',
  price: '25000',
  advance: '5000',
  commission_percentage: 10,
  endtime: addDays(todayIn('Asia/Kolkata'), 30),
  ...over,
});
