import { describe, expect, it } from 'vitest';
import { EMAIL_SIGN_IN_CHECKS, SIGN_IN_MESSAGES } from '../shared/sign-in.js';

describe("the sign-in page's email check", () => {
  const check = EMAIL_SIGN_IN_CHECKS.email;
  it.each(['a@b.co', 'first.last@mail.example.in', 'a@b.c.', 'a@.b.c', ' a@b.co '])('accepts %j', (v) => {
    expect(check(v)).toBeNull();
  });
  it.each(['a@b', 'a@.b', 'a@b.', '@b.co', 'a b@c.de', 'a@b@c.de', 'a@b .co', 'ab.co'])('refuses %j', (v) => {
    expect(check(v)).toBe(SIGN_IN_MESSAGES.emailInvalid);
  });
  it('costs one pass on a domain of 100,000 dots', () => {
    const started = performance.now();
    expect(check(`a@${'.'.repeat(100_000)}@`)).toBe(SIGN_IN_MESSAGES.emailInvalid);
    expect(check(`a@${'.'.repeat(100_000)}x`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(200);
  });
});
