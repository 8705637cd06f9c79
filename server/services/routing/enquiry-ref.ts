import { createHash } from 'node:crypto';

/**
 * The reference of an enquiry that came without one of its source's (a CSV or export row): its mobile
 * and content. The same row again is the same enquiry; a row differing in anything is another
 * (docs/routing.md#repeat-enquiries).
 */
export function rowEnquiryRef(row: { mobile: string; name: string; requirement: string; area: string }): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([row.mobile, row.name, row.requirement, row.area]))
    .digest('base64url');
  return `row:${digest}`;
}
