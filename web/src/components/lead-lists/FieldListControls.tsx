import { useState } from 'react';
import { Group, MultiSelect, Select, Text, TextInput } from '@mantine/core';
import { FIELD_TYPES, displayValue, type FieldDef } from '../../../../shared/lead-fields';
import type { FieldFilter, FieldSort } from '../../../../shared/schemas/lead-field-filters';
import type { WithFieldValues } from '../../../../shared/schemas/lead-lists';
import type { AppColumn } from '../DataTable/AppTable';

/*
 * A lead list's own fields (docs/lead-fields-lists.md): which of the company's fields show as
 * columns (remembered per list in this browser), one field to filter by, and one to sort by.
 */

const COLUMNS_KEY = 'leadList.fieldColumns.';

function readColumns(list: string): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(COLUMNS_KEY + list) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string').slice(0, 50) : [];
  } catch {
    return [];
  }
}

/** The field columns chosen for a list, kept in localStorage. */
export function useFieldColumns(list: string): [string[], (keys: string[]) => void] {
  const [keys, setKeys] = useState(() => readColumns(list));
  return [
    keys,
    (next) => {
      setKeys(next);
      try {
        localStorage.setItem(COLUMNS_KEY + list, JSON.stringify(next));
      } catch {
        // private browsing may refuse storage: the choice lasts for the page
      }
    },
  ];
}

/** The chosen fields as table columns, their values as people read them. */
export function fieldColumns<T extends WithFieldValues>(fields: readonly FieldDef[], keys: readonly string[]): AppColumn<T>[] {
  return keys.flatMap((key) => {
    const field = fields.find((f) => f.key === key);
    if (!field) return [];
    return [
      {
        accessor: `fields.${key}`,
        title: field.label,
        render: (l: T) => (
          <Text size="sm" maw={160}>
            {displayValue(field, l.fields[key] ?? null)}
          </Text>
        ),
      } as AppColumn<T>,
    ];
  });
}

/** What a list's field controls give its query (and its export). */
export interface FieldListState {
  filter: FieldFilter | null;
  sort: FieldSort | null;
}

const filterable = (fields: readonly FieldDef[]) => fields.filter((f) => !f.retired && FIELD_TYPES[f.type].filter);
const sortable = (fields: readonly FieldDef[]) => fields.filter((f) => !f.retired && FIELD_TYPES[f.type].indexed);

/** The columns picker, one field filter (by its type's kind) and a field order. */
export function FieldListControls({
  fields,
  columns,
  onColumns,
  state,
  onState,
}: {
  fields: readonly FieldDef[];
  columns: string[];
  onColumns: (keys: string[]) => void;
  state: FieldListState;
  onState: (next: FieldListState) => void;
}) {
  if (!fields.length) return null;
  const active = fields.filter((f) => !f.retired);
  const field = state.filter ? fields.find((f) => f.key === state.filter!.key) : undefined;
  const setFilter = (filter: FieldFilter | null) => onState({ ...state, filter });
  const kind = field ? FIELD_TYPES[field.type].filter : null;
  return (
    <Group wrap="wrap" gap="sm" align="flex-end" mb="md">
      <MultiSelect
        label="Field columns"
        aria-label="Field columns"
        data={active.map((f) => ({ value: f.key, label: f.label }))}
        value={columns}
        onChange={onColumns}
        clearable
        searchable
        style={{ flex: '1 1 220px' }}
      />
      <Select
        label="Filter by field"
        aria-label="Filter by field"
        data={filterable(fields).map((f) => ({ value: f.key, label: f.label }))}
        value={state.filter?.key ?? null}
        clearable
        onChange={(key) => setFilter(key ? { key } : null)}
        style={{ flex: '1 1 180px' }}
      />
      {field && kind === 'anyOf' && (
        <MultiSelect
          label={`${field.label} is any of`}
          aria-label={`${field.label} is any of`}
          data={(field.choices ?? []).filter((c) => !c.retired).map((c) => ({ value: c.key, label: c.label }))}
          value={state.filter?.anyOf ?? []}
          onChange={(anyOf) => setFilter({ key: field.key, anyOf: anyOf.length ? anyOf : undefined })}
          style={{ flex: '1 1 200px' }}
        />
      )}
      {field && kind === 'equals' && (
        <TextInput
          label={`${field.label} is`}
          aria-label={`${field.label} is`}
          maxLength={200}
          defaultValue={typeof state.filter?.equals === 'string' ? state.filter.equals : ''}
          onBlur={(e) => setFilter({ key: field.key, equals: e.currentTarget.value.trim() || undefined })}
          style={{ flex: '1 1 160px' }}
        />
      )}
      {field && kind === 'range' && (
        <>
          <TextInput
            label={`${field.label} from`}
            aria-label={`${field.label} from`}
            maxLength={40}
            defaultValue={state.filter?.min === undefined ? '' : String(state.filter.min)}
            onBlur={(e) => setFilter({ ...state.filter!, key: field.key, min: e.currentTarget.value.trim() || undefined })}
            style={{ flex: '0 1 130px' }}
          />
          <TextInput
            label="to"
            aria-label={`${field.label} to`}
            maxLength={40}
            defaultValue={state.filter?.max === undefined ? '' : String(state.filter.max)}
            onBlur={(e) => setFilter({ ...state.filter!, key: field.key, max: e.currentTarget.value.trim() || undefined })}
            style={{ flex: '0 1 130px' }}
          />
        </>
      )}
      {field && kind === 'yesNo' && (
        <Select
          label={field.label}
          aria-label={`${field.label} is`}
          data={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
          value={state.filter?.yes === undefined ? null : state.filter.yes ? 'yes' : 'no'}
          onChange={(v) => setFilter({ key: field.key, yes: v === null ? undefined : v === 'yes' })}
          style={{ flex: '0 1 120px' }}
        />
      )}
      <Select
        label="Sort by field"
        aria-label="Sort by field"
        data={sortable(fields).flatMap((f) => [
          { value: `${f.key}:asc`, label: `${f.label} ↑` },
          { value: `${f.key}:desc`, label: `${f.label} ↓` },
        ])}
        value={state.sort ? `${state.sort.key}:${state.sort.direction}` : null}
        clearable
        onChange={(v) => {
          const [key, direction] = (v ?? '').split(':');
          onState({ ...state, sort: key ? { key, direction: direction === 'desc' ? 'desc' : 'asc' } : null });
        }}
        style={{ flex: '1 1 180px' }}
      />
    </Group>
  );
}

/** A filter with what its kind needs, or nothing yet (a field chosen, no value given). */
export function completeFilter(filter: FieldFilter | null): FieldFilter[] | undefined {
  if (!filter) return undefined;
  const given = filter.anyOf?.length || filter.equals !== undefined || filter.min !== undefined || filter.max !== undefined || filter.yes !== undefined;
  return given ? [filter] : undefined;
}
