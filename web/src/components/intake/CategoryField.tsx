import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { UPLOAD_CATEGORIES } from '../../../../shared/leads';
import { CATEGORY_MAX } from '../../../../shared/schemas/intake';

export const MANUAL = 'Manual';
const OPTIONS = [...UPLOAD_CATEGORIES, MANUAL].map((c) => ({ value: c, label: c }));

export interface CategoryValue {
  /** IndiaMART, JustDial, Local Leads or Manual */
  choice: string | null;
  /** the Manual category's name */
  custom: string;
}

export const EMPTY_CATEGORY: CategoryValue = { choice: null, custom: '' };

/** The category a choice stands for ('' while none is chosen or the manual name is blank). */
export const categoryOf = (v: CategoryValue) => (v.choice === MANUAL ? v.custom.trim() : (v.choice ?? ''));

interface Props {
  value: CategoryValue;
  onChange: (v: CategoryValue) => void;
  error?: string | null;
  disabled?: boolean;
  /** one column (phone forms) */
  stacked?: boolean;
  size?: 'sm' | 'md';
}

/** Category: one of the upload categories, or Manual with a name typed in. */
export function CategoryField({ value, onChange, error, disabled, stacked, size = 'sm' }: Props) {
  const manual = value.choice === MANUAL;
  return (
    <SimpleGrid cols={{ base: 1, sm: stacked || !manual ? 1 : 2 }} spacing="sm">
      <Select
        label="Category"
        size={size}
        placeholder="Select a category"
        required
        data={OPTIONS}
        value={value.choice}
        onChange={(choice) => onChange({ ...value, choice })}
        error={!manual ? error : undefined}
        disabled={disabled}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {manual && (
        <TextInput
          label="Category name"
          size={size}
          placeholder="e.g. Trade fair 2024"
          required
          maxLength={CATEGORY_MAX}
          value={value.custom}
          onChange={(e) => onChange({ ...value, custom: e.currentTarget.value })}
          error={error}
          disabled={disabled}
          autoFocus
        />
      )}
    </SimpleGrid>
  );
}
