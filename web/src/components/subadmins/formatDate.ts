import dayjs from 'dayjs';

/** A calendar date (YYYY-MM-DD) as people read it: 05 Mar 2026. */
export const formatDate = (date: string) => {
  const d = dayjs(date);
  return d.isValid() ? d.format('DD MMM YYYY') : date;
};
