import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from './types.js';

/*
 * Each company its own shape (docs/lead-fields.md): its lead fields (definitions, and their values in
 * lead_values: one row a value, typed columns so that a filter and a sort on a field use an index on
 * both databases), its feedback choices under each status (the spec's to start with), the email,
 * do-not-call mark, phone kind and extra details every lead may have, the choice a history line
 * names, the changes of a lead's field values (lines of its history of their own), and the column
 * mappings a company saved for its files.
 */
/** The spec's feedback under each status as it was when companies got their own (status, label, callback, reason). */
const SPEC_FEEDBACK: [string, string, 0 | 1, 0 | 1][] = [
  ['2', 'Running', 0, 0],
  ['2', 'Price Negotiation', 0, 0],
  ['2', 'Deal Close', 0, 0],
  ['3', 'Demo Not Working', 0, 0],
  ['3', 'Price Issue', 0, 0],
  ['3', 'Another Side Convert', 0, 0],
  ['3', 'Not Relevant Lead', 0, 0],
  ['4', 'Follow-up Option', 1, 0],
  ['5', 'Wrong Lead', 0, 1],
];

function withId(db: Kysely<any>, dialect: Dialect, name: string) {
  const table = db.schema.createTable(name);
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

async function up(db: Kysely<any>, { dialect }: { dialect: Dialect }) {
  await withId(db, dialect, 'lead_fields')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    /** JSON [{ key, label, retired? }] for the choice types, else null */
    .addColumn('choices', 'text')
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON array of status codes whose form section shows it, or null: the lead's details */
    .addColumn('statuses', 'text')
    .addColumn('callers_edit', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('on_cards', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retired_at', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lead_fields_key').on('lead_fields').columns(['subadmin_id', 'key']).unique().execute();

  await db.schema
    .createTable('lead_values')
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('field_id', 'integer', (c) => c.notNull().references('lead_fields.id').onDelete('cascade'))
    /** '' for a field of one value; the choice's key for each choice of a multiple choice */
    .addColumn('item', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subadmin_id', 'integer', (c) => c.notNull())
    .addColumn('v_text', 'text')
    .addColumn('v_num', 'double precision')
    .addColumn('v_long', 'text')
    .addPrimaryKeyConstraint('lead_values_pk', ['lead_id', 'field_id', 'item'])
    .execute();
  // A filter or a sort by a field walks one of these in the value's order, then finds the leads by id.
  await db.schema
    .createIndex('lead_values_text')
    .on('lead_values')
    .columns(['field_id', 'v_text', 'lead_id'])
    .where(sql.ref('v_text'), 'is not', null)
    .execute();
  await db.schema.createIndex('lead_values_num').on('lead_values').columns(['field_id', 'v_num', 'lead_id']).where(sql.ref('v_num'), 'is not', null).execute();

  await withId(db, dialect, 'feedback_choices')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('needs_callback', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('needs_reason', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('needs_note', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retired_at', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_choices_company').on('feedback_choices').columns(['subadmin_id', 'status', 'position']).execute();
  // Every company there is starts with the spec's choices (a new one gets them when it is made).
  const now = new Date().toISOString();
  for (const [i, [status, label, callback, reason]] of SPEC_FEEDBACK.entries()) {
    await sql`insert into feedback_choices (subadmin_id, status, label, needs_callback, needs_reason, needs_note, position, created_at, updated_at)
      select id, ${status}, ${label}, ${callback}, ${reason}, 0, ${i}, ${now}, ${now} from subadmins`.execute(db);
  }

  await db.schema.alterTable('leads').addColumn('email', 'text').execute();
  /** JSON object label: value, what a file or a source gave that maps to no field */
  await db.schema.alterTable('leads').addColumn('extra_details', 'text').execute();
  /** 1: do not call (never routed, distributed or dialled) */
  await db.schema
    .alterTable('leads')
    .addColumn('dnc', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  /** null: a mobile; 'landline': a landline with its STD code */
  await db.schema.alterTable('leads').addColumn('phone_kind', 'text').execute();

  /** the feedback choice chosen (reports group by it; `feedback` keeps its label as it was) */
  await db.schema.alterTable('lead_history').addColumn('feedback_id', 'integer').execute();

  // A change of a lead's field values is a line of its history, kept apart from the calls and outcomes.
  await withId(db, dialect, 'lead_changes')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull())
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('user_id', 'integer')
    .addColumn('acted_by_subadmin', 'integer')
    /** JSON [{ key, label, from, to }], labels and values as people read them then */
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lead_changes_lead').on('lead_changes').columns(['lead_id', 'id']).execute();

  await withId(db, dialect, 'import_mappings')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id').onDelete('cascade'))
    /** the file's columns, normalized and joined: a file with the same columns gets this mapping */
    .addColumn('columns_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    /** JSON { column: target } */
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('import_mappings_columns').on('import_mappings').columns(['subadmin_id', 'columns_key']).unique().execute();
}

export const companyShape: Migration = { name: '0032_company_shape', up };
