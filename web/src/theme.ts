import { Badge, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  components: {
    // A squeezed table column must not cut a status to "Acti…".
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
  },
});
