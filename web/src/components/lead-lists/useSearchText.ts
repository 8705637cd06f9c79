import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';

/**
 * A search box bound to a URL parameter: typing updates the box at once and the URL (and so the
 * query) after a pause; a URL change (Back, a link) refills the box.
 */
export function useSearchText(committed: string, commit: (text: string) => void) {
  const [text, setText] = useState(committed);
  const [debounced] = useDebouncedValue(text.trim(), 300);
  useEffect(() => setText(committed), [committed]);
  useEffect(() => {
    if (debounced !== committed) commit(debounced);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return [text, setText] as const;
}
