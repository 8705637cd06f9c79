import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';

/**
 * A search box bound to a URL parameter: typing updates the box at once and the URL (and so the
 * query) after a pause; a URL change (Back, a link) refills the box.
 */
export function useSearchText(committed: string, commit: (text: string) => void) {
  const [text, setText] = useState(committed);
  const [debounced] = useDebouncedValue(text.trim(), 300);
  // A link or Back refills the box; the URL catching up with the typing keeps a trailing space being typed.
  useEffect(() => setText((typed) => (typed.trim() === committed ? typed : committed)), [committed]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: commits only when the debounced text changes; the committed search changing (back, forward) must not commit again
  useEffect(() => {
    if (debounced !== committed) commit(debounced);
  }, [debounced]);
  return [text, setText] as const;
}
