import { Chip, Input, SimpleGrid } from '@mantine/core';
import { useId, type ReactNode } from 'react';

interface Props {
  label: string;
  choices: ReadonlyArray<{ value: string; label: string; color?: string }>;
  value: string | null;
  onChange: (value: string) => void;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

/**
 * One tap per answer: a radio group drawn as thumb-sized chips, two to a row. Used where a Select took
 * two taps and a dropdown, many times an hour (the lead form's status and feedback).
 */
export function ChoiceChips({ label, choices, value, onChange, error, required, disabled, placeholder }: Props) {
  const id = useId();
  const labelId = `${id}-label`;
  return (
    <Input.Wrapper
      label={label}
      withAsterisk={required}
      error={error}
      labelProps={{ id: labelId, htmlFor: undefined }}
      description={choices.length ? undefined : placeholder}
    >
      {choices.length > 0 && (
        <Chip.Group value={value ?? ''} onChange={(v) => onChange(v as string)}>
          <SimpleGrid cols={2} spacing={8} verticalSpacing={8} mt={4} role="radiogroup" aria-labelledby={labelId} aria-required={required}>
            {choices.map((c, i) => (
              <Chip
                key={c.value}
                value={c.value}
                name={id}
                size="md"
                radius="md"
                variant="outline"
                color={c.color}
                disabled={disabled}
                // The first chip carries the group's error, so a refused submit focuses it (focusFirstError).
                aria-invalid={error && i === 0 ? true : undefined}
                styles={{
                  root: { width: '100%' },
                  label: { width: '100%', height: 44, paddingInline: 8, justifyContent: 'center', textAlign: 'center', lineHeight: 1.2, whiteSpace: 'normal' },
                }}
              >
                {c.label}
              </Chip>
            ))}
          </SimpleGrid>
        </Chip.Group>
      )}
    </Input.Wrapper>
  );
}
