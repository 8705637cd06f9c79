import { z } from 'zod';
import { isColumnTarget, type ColumnTarget } from '../file-layouts.js';
import type { ExtraDetails, FieldWireValue } from '../lead-fields.js';
import { UploadCategoryInput } from './intake.js';

/** How many columns a file may have for the mapping step (far above any real export). */
export const MAX_FILE_COLUMNS = 200;
/** Rows of a file the mapping step previews. */
export const PREVIEW_ROWS = 10;

const fileId = z.string().trim().min(1).max(64);
const target = z
  .string()
  .max(80)
  .refine(isColumnTarget, 'Choose what this column fills.')
  .transform((t) => t as ColumnTarget);

export const AnalyseFileInput = z.object({
  fileId,
  /** the targets chosen so far (a target a column); left out: the saved mapping, else the guess */
  targets: z.array(target).max(MAX_FILE_COLUMNS).optional(),
});

export const ImportFileInput = z.object({
  fileId,
  fileName: z.string().trim().min(1).max(255),
  category: UploadCategoryInput,
  routeNow: z.boolean().default(false),
  targets: z.array(target).min(1).max(MAX_FILE_COLUMNS),
  /** save this mapping for files with the same columns (overwrites the one saved) */
  save: z.boolean().default(false),
});

export interface AnalysedColumn {
  header: string;
  target: ColumnTarget;
  /** the first non-empty values of the column */
  samples: string[];
}

export interface PreviewRow {
  /** the file's line the row starts on */
  line: number;
  /** why the row would be refused; null: it is read */
  refused: string | null;
  name: string;
  mobile: string;
  phoneKind: 'landline' | null;
  requirement: string;
  area: string;
  category: string | null;
  email: string | null;
  dnc: boolean;
  fields: Record<string, FieldWireValue>;
  extras: ExtraDetails | null;
  problems: string[];
}

export interface FileAnalysis {
  fileId: string;
  columns: AnalysedColumn[];
  /** the known export the file looks like */
  layout: { id: string; name: string } | null;
  /** the targets come from the company's saved mapping for these columns */
  saved: boolean;
  /** the company's fields a column may fill */
  fields: { key: string; label: string; type: string }[];
  /** null when no column is a mobile (the import would refuse the file) */
  preview: PreviewRow[] | null;
}
