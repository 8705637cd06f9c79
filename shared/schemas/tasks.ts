import { z } from 'zod';
import { isCalendarDate } from '../dates.js';
import { PageInput } from './paging.js';
import { idField } from './users.js';
import { requiredText } from './fields.js';

export const TASK_MESSAGES = {
  developer: 'Please select a developer.',
  endBeforeStart: 'The end date cannot be before the start date.',
  added: 'Task added successfully!',
  accepted: 'Task Accepted successfully!',
  completed: 'Task completed successfully!',
  approved: 'Task approved.',
} as const;

const dateField = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .refine(isCalendarDate, `Enter the ${label.toLowerCase()} as YYYY-MM-DD.`)
    .describe(`${label}, YYYY-MM-DD.`);

/** New Task (the files come apart, through the upload checks). */
export const TaskInput = z
  .object({
    name: requiredText('Task name', 200),
    description: requiredText('Description', 5000),
    start_date: dateField('Start date'),
    end_date: dateField('End date'),
    developer_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idField.optional()),
  })
  .superRefine((v, ctx) => {
    // Here, not as a refinement of the field: zod skips those when the key is absent.
    if (v.developer_id === undefined) ctx.addIssue({ code: 'custom', path: ['developer_id'], message: TASK_MESSAGES.developer });
    if (v.end_date < v.start_date) ctx.addIssue({ code: 'custom', path: ['end_date'], message: TASK_MESSAGES.endBeforeStart });
  });
export type TaskInput = z.output<typeof TaskInput>;

/** 'open' is the company's running list: new tasks waiting for their developer and running ones on time. */
export const TASK_LISTS = ['new', 'running', 'completed', 'delayed', 'open'] as const;
export type TaskList = (typeof TASK_LISTS)[number];
export const TaskListInput = PageInput.extend({ list: z.enum(TASK_LISTS, { error: 'Choose a task list.' }) });
export type TaskListInput = z.input<typeof TaskListInput>;
export const TaskIdInput = z.object({ id: idField });
