import { Anchor, MultiSelect, NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { displayValue, type FieldDef, type FieldType, type FieldWireValue } from '../../../../shared/lead-fields';
import { timeIn, todayIn, zonedInstant } from '../../../../shared/dates';
import { displayTimeZone, formatDate, formatDateTime, formatMoney } from '../../lib/format';

/*
 * One input and one display for each field type (docs/lead-fields.md): a Record over FieldType, so a
 * new type in shared/lead-fields.ts does not compile until it has its entry here
 * (docs/how-to/add-a-field-type.md). Values are the wire's (FieldWireValue); '' or null is empty.
 */

/** A field's value as a form holds it: the wire's value, or null when empty. */
export type FieldFormValue = FieldWireValue | null;

export interface FieldInputProps {
  field: FieldDef;
  value: FieldFormValue;
  onChange: (value: FieldFormValue) => void;
  error?: ReactNode;
  readOnly?: boolean;
}

interface FieldTypeView {
  input: (p: FieldInputProps) => ReactNode;
  /** the value as people read it (never empty: callers leave an empty value out) */
  display: (field: FieldDef, value: FieldWireValue) => ReactNode;
}

const common = (p: FieldInputProps) => ({
  label: p.field.label,
  withAsterisk: p.field.required && !p.readOnly,
  error: p.error,
  readOnly: p.readOnly,
  size: 'md' as const,
  'data-field': p.field.key,
});
const text = (v: FieldFormValue) => (typeof v === 'string' ? v : v === null ? '' : String(v));
const orNull = (v: string) => (v.trim() === '' ? null : v);
const choiceData = (field: FieldDef, keep: readonly string[]) =>
  (field.choices ?? []).filter((c) => !c.retired || keep.includes(c.key)).map((c) => ({ value: c.key, label: c.label }));

function textInput(type: 'text' | 'tel' | 'email' | 'url' | 'date') {
  return (p: FieldInputProps) => (
    <TextInput
      {...common(p)}
      type={type}
      inputMode={type === 'tel' ? 'tel' : undefined}
      maxLength={200}
      value={text(p.value)}
      onChange={(e) => p.onChange(orNull(e.currentTarget.value))}
    />
  );
}

function numberInput(money: boolean) {
  return (p: FieldInputProps) => (
    <NumberInput
      {...common(p)}
      prefix={money ? '₹' : undefined}
      thousandSeparator={money ? ',' : undefined}
      thousandsGroupStyle={money ? 'lakh' : undefined}
      decimalScale={money ? 2 : 6}
      hideControls
      value={typeof p.value === 'number' ? p.value : ''}
      onChange={(v) => p.onChange(typeof v === 'number' ? v : v === '' ? null : Number(v))}
    />
  );
}

/** A date and time in the company's zone on the screen, an instant with its offset on the wire. */
function DateTimeInput(p: FieldInputProps) {
  const zone = displayTimeZone();
  const at = typeof p.value === 'string' && p.value ? new Date(p.value) : null;
  const date = at && !Number.isNaN(at.getTime()) ? todayIn(zone, at) : '';
  const time = at && !Number.isNaN(at.getTime()) ? timeIn(zone, at) : '';
  const set = (d: string, t: string) => p.onChange(d ? zonedInstant(d, t || '00:00', zone) : null);
  return (
    <SimpleGrid cols={2} spacing="sm">
      <TextInput {...common(p)} type="date" value={date} onChange={(e) => set(e.currentTarget.value, time)} />
      <TextInput
        label={`${p.field.label} (time)`}
        type="time"
        size="md"
        readOnly={p.readOnly}
        value={time}
        onChange={(e) => set(date, e.currentTarget.value)}
        aria-label={`${p.field.label} time`}
      />
    </SimpleGrid>
  );
}

const plain = (field: FieldDef, value: FieldWireValue) => displayValue(field, value);

export const FIELD_VIEWS: Record<FieldType, FieldTypeView> = {
  text: { input: textInput('text'), display: plain },
  longText: {
    input: (p) => (
      <Textarea
        {...common(p)}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={5000}
        value={text(p.value)}
        onChange={(e) => p.onChange(orNull(e.currentTarget.value))}
      />
    ),
    display: plain,
  },
  number: { input: numberInput(false), display: plain },
  money: { input: numberInput(true), display: (_f, v) => (typeof v === 'number' ? formatMoney(v) : String(v)) },
  date: { input: textInput('date'), display: (_f, v) => formatDate(String(v)) },
  dateTime: { input: DateTimeInput, display: (_f, v) => formatDateTime(String(v)) },
  choice: {
    input: (p) => (
      <Select
        {...common(p)}
        data={choiceData(p.field, typeof p.value === 'string' ? [p.value] : [])}
        clearable
        value={typeof p.value === 'string' ? p.value : null}
        onChange={(v) => p.onChange(v)}
      />
    ),
    display: plain,
  },
  multiChoice: {
    input: (p) => {
      const keys = Array.isArray(p.value) ? p.value : [];
      return <MultiSelect {...common(p)} data={choiceData(p.field, keys)} clearable value={keys} onChange={(v) => p.onChange(v.length ? v : null)} />;
    },
    display: plain,
  },
  phone: { input: textInput('tel'), display: (_f, v) => <Anchor href={`tel:${String(v)}`}>{String(v)}</Anchor> },
  email: { input: textInput('email'), display: (_f, v) => <Anchor href={`mailto:${String(v)}`}>{String(v)}</Anchor> },
  yesNo: {
    input: (p) => (
      <Select
        {...common(p)}
        data={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
        clearable
        value={p.value === true ? 'yes' : p.value === false ? 'no' : null}
        onChange={(v) => p.onChange(v === 'yes' ? true : v === 'no' ? false : null)}
      />
    ),
    display: plain,
  },
  link: {
    input: textInput('url'),
    display: (_f, v) => (
      <Anchor href={String(v)} target="_blank" rel="noopener noreferrer">
        {String(v)}
      </Anchor>
    ),
  },
};

/** A field's input on a form. */
export const FieldInput = (p: FieldInputProps) => <>{FIELD_VIEWS[p.field.type].input(p)}</>;

/** A field's value as people read it; nothing for an empty one. */
export function FieldValue({ field, value }: { field: FieldDef; value: FieldWireValue | null | undefined }) {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  return <>{FIELD_VIEWS[field.type].display(field, value)}</>;
}

/** Whether a value is there to show. */
export const hasValue = (value: FieldWireValue | null | undefined) =>
  value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);
