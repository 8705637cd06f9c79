import { CAPTURE_HONEYPOT, CAPTURE_LEADS_PATH, captureFormPath } from '../../../../shared/schemas/capture';

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

/**
 * The HTML a company pastes into its web page: the form posts to this server with the form key, and
 * the honeypot field is moved out of sight by its own style, so people leave it empty and robots fill it.
 */
export function formSnippet(origin: string, formKey: string): string {
  return `<form method="post" action="${origin}${captureFormPath(formKey)}">
  <style>.tcb-hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}</style>
  <p><label>Name <input name="name" required maxlength="200" autocomplete="name"></label></p>
  <p><label>Mobile <input name="mobile" type="tel" required maxlength="20" autocomplete="tel"></label></p>
  <p><label>Requirement <textarea name="requirement" maxlength="5000"></textarea></label></p>
  <p><label>Area <input name="area" maxlength="200"></label></p>
  <div class="tcb-hp" aria-hidden="true"><label>Website <input name="${CAPTURE_HONEYPOT}" tabindex="-1" autocomplete="off"></label></div>
  <p><button type="submit">Send</button></p>
</form>`;
}
