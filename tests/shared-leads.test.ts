import { describe, expect, it } from 'vitest';
import { requirementText } from '../shared/leads.js';

describe('requirement text for display', () => {
  it('turns line breaks and block tags into new lines and drops inline tags', () => {
    expect(requirementText('Looking for <b>CRM software</b><br>Budget: 50k<p>Call after 5</p>')).toBe(
      'Looking for CRM software\nBudget: 50k\nCall after 5',
    );
  });
  it('keeps plain line breaks, decodes entities and collapses blank runs', () => {
    expect(requirementText('Tiles &amp; paint\n\n\n\nNeeds quote &lt;urgent&gt;')).toBe('Tiles & paint\n\nNeeds quote <urgent>');
  });
  it('reads empty for nothing', () => {
    expect(requirementText(null)).toBe('');
  });
});
