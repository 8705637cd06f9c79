import { describe, expect, it } from 'vitest';
import { requirementText } from '../shared/leads.js';

describe('requirement text for display', () => {
  it('turns line breaks and block tags into new lines and drops inline tags', () => {
    expect(requirementText('Looking for <b>CRM software</b><br>Budget: 50k<p>Call after 5</p>')).toBe('Looking for CRM software\nBudget: 50k\nCall after 5');
  });
  it('keeps plain line breaks, decodes entities and collapses blank runs', () => {
    expect(requirementText('Tiles &amp; paint\n\n\n\nNeeds quote &lt;urgent&gt;')).toBe('Tiles & paint\n\nNeeds quote <urgent>');
  });
  it('reads empty for nothing', () => {
    expect(requirementText(null)).toBe('');
  });
});

describe('requirement text costs one pass, whatever the text', () => {
  // Each took seconds with the old replacements (their cost grew with the square of the length).
  const hostile = {
    'a space run without a line break': `a${' '.repeat(100_000)}b`,
    'space and tab runs': ` \t`.repeat(50_000),
    'a run of <': '<'.repeat(100_000),
    'block tag starts without >': '<p'.repeat(50_000),
    'closing block tag starts without >': '</div '.repeat(20_000),
    'line breaks with trailing spaces and no >': `<br${' '.repeat(50_000)}\n<${' '.repeat(50_000)}`,
  };
  it.each(Object.entries(hostile))('%s: 100,000 characters within 200 ms', (_, text) => {
    const started = performance.now();
    requirementText(text);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('still reads markup as before', () => {
    expect(requirementText(`a${' '.repeat(5_000)}b`)).toBe(`a${' '.repeat(5_000)}b`);
    expect(requirementText('x \t \n<DIV class="q">y</Div >\t\n\n\n\nz<<b>w</b>')).toBe('x\n\ny\n\nzw');
    expect(requirementText('<p>a<>b</pre>c<h7>d<br / >e<p')).toBe('a<>bcde<p');
    expect(requirementText('<<p>a<>b')).toBe('b');
    expect(requirementText('a &amp;lt;b&amp;gt; &nbsp;\nc')).toBe('a <b>\nc');
  });
});
