import dayjs from 'dayjs';

/** A calendar date (YYYY-MM-DD) as people read it: 05 Mar 2026. */
export const formatDate = (date: string) => {
  const d = dayjs(date);
  return d.isValid() ? d.format('DD MMM YYYY') : date;
};

/** A stored ISO timestamp in the reader's local time, e.g. "05 Mar 2026, 02:30 PM". */
export const formatDateTime = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format('DD MMM YYYY, hh:mm A') : iso;
};

/** A count in Indian grouping: 1,00,000. */
export const formatCount = (n: number) => new Intl.NumberFormat('en-IN').format(n);

/** The row number shown in a paged table's # column. */
export const rowNumber = (page: number, pageSize: number, index: number) => (page - 1) * pageSize + index + 1;

/** Which rows of a paged list are shown: "21–40 of 57". */
export const pageRange = (page: number, pageSize: number, total: number) => {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `${first}–${last} of ${total}`;
};
