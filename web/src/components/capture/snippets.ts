import { CAPTURE_LEADS_PATH } from '../../../../shared/schemas/capture';

export { formFields, formSnippet } from '../../../../shared/capture-form';
/** A curl call that sends one lead with an API key, to this server. */
export function curlExample(origin: string, secret: string): string {
  const body = JSON.stringify({ name: 'Ravi Kumar', mobile: '9876543210', requirement: '2BHK flat', area: 'Whitefield', externalId: 'crm-1042' });
  return [
    `curl -X POST '${origin}${CAPTURE_LEADS_PATH}' \\`,
    `  -H 'Authorization: Bearer ${secret}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${body}'`,
  ].join('\n');
}
