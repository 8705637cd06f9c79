// The website form's HTML a company pastes into its pages (docs/lead-capture.md#website-form): its
// own lead fields included, named as the capture form reads them.
import { CAPTURE_HONEYPOT, captureFormFieldName, captureFormPath } from './schemas/capture.js';
import { LONG_TEXT_MAX, TEXT_INDEX_MAX, type FieldDef } from './lead-fields.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The company's fields a website form offers: the lead's details (not a status's section) it has not hidden or retired. */
export const formFields = (fields: readonly FieldDef[]) => fields.filter((f) => f.statuses === null && !f.hidden && !f.retired);

/** One company field as the form's HTML: its input named fields[key], of the kind its type reads. */
function fieldHtml(f: FieldDef): string {
  const name = esc(captureFormFieldName(f.key));
  const label = esc(f.label);
  const req = f.required ? ' required' : '';
  const input = (attrs: string) => `  <p><label>${label} <input name="${name}"${attrs}${req}></label></p>`;
  const options = (f.choices ?? []).filter((c) => !c.retired);
  switch (f.type) {
    case 'text':
      return input(` maxlength="${TEXT_INDEX_MAX}"`);
    case 'longText':
      return `  <p><label>${label} <textarea name="${name}" maxlength="${LONG_TEXT_MAX}"${req}></textarea></label></p>`;
    case 'number':
      return input(' type="number" step="any"');
    case 'money':
      return input(' inputmode="decimal" placeholder="₹"');
    case 'date':
      return input(' type="date"');
    case 'dateTime':
      return input(' type="datetime-local"');
    case 'phone':
      return input(' type="tel"');
    case 'email':
      return input(' type="email"');
    case 'link':
      return input(' type="url"');
    case 'yesNo':
      return `  <p><label>${label} <select name="${name}"${req}><option value=""></option><option value="yes">Yes</option><option value="no">No</option></select></label></p>`;
    case 'choice':
      return `  <p><label>${label} <select name="${name}"${req}><option value=""></option>${options.map((c) => `<option value="${esc(c.key)}">${esc(c.label)}</option>`).join('')}</select></label></p>`;
    case 'multiChoice':
      return `  <fieldset><legend>${label}</legend>${options.map((c) => `<label><input type="checkbox" name="${name}" value="${esc(c.key)}"> ${esc(c.label)}</label>`).join(' ')}</fieldset>`;
  }
}

/**
 * The HTML a company pastes into its web page: the form posts to this server with the form key, and
 * the honeypot field is moved out of sight by its own style, so people leave it empty and robots fill it.
 */
export function formSnippet(origin: string, formKey: string, fields: readonly FieldDef[] = []): string {
  const own = formFields(fields).map(fieldHtml);
  return `<form method="post" action="${origin}${captureFormPath(formKey)}">
  <style>.tcb-hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}</style>
  <p><label>Name <input name="name" required maxlength="200" autocomplete="name"></label></p>
  <p><label>Mobile <input name="mobile" type="tel" required maxlength="20" autocomplete="tel"></label></p>
  <p><label>Requirement <textarea name="requirement" maxlength="5000"></textarea></label></p>
  <p><label>Area <input name="area" maxlength="200"></label></p>
  <p><label>Email <input name="email" type="email" maxlength="254" autocomplete="email"></label></p>
${own.map((line) => `${line}\n`).join('')}  <div class="tcb-hp" aria-hidden="true"><label>Website <input name="${CAPTURE_HONEYPOT}" tabindex="-1" autocomplete="off"></label></div>
  <p><button type="submit">Send</button></p>
</form>`;
}
