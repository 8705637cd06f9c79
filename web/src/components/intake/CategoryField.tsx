import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { UPLOAD_CATEGORIES } from '../../../../shared/leads';
import { CATEGORY_MAX } from '../../../../shared/schemas/intake';
import { useSharedText, type SharedKey } from '../../i18n/sharedText';

export const MANUAL = 'Manual';
/** The options' values (what is sent) with the label of those that are words, not names. */
const OPTIONS: ReadonlyArray<[string, SharedKey?]> = [
  ...UPLOAD_CATEGORIES.map((c): [string, SharedKey?] => (c === 'Local Leads' ? [c, 'addLead.localLeads'] : [c])),
  [MANUAL, 'addLead.manual'],
];

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
  const { t } = useSharedText();
  const manual = value.choice === MANUAL;
  return (
    <SimpleGrid cols={{ base: 1, sm: stacked || !manual ? 1 : 2 }} spacing="sm">
      <Select
        label={t('addLead.category')}
        size={size}
        placeholder={t('addLead.categoryPlaceholder')}
        required
        data={OPTIONS.map(([value, label]) => ({ value, label: label ? t(label) : value }))}
        value={value.choice}
        onChange={(choice) => onChange({ ...value, choice })}
        error={!manual ? error : undefined}
        disabled={disabled}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {manual && (
        <TextInput
          label={t('addLead.categoryName')}
          size={size}
          placeholder={t('addLead.categoryNamePlaceholder')}
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
