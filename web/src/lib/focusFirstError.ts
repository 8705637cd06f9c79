/**
 * After a refused submit: the first field marked invalid, in the page's order, brought into view and
 * focused. On a phone the Submit button is at the bottom and the message may be far above it; without
 * this, nothing visible happens and Submit looks broken. Waits a frame for the messages to render.
 */
export function focusFirstError(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!invalid) return;
    invalid.scrollIntoView({ block: 'center' });
    invalid.focus({ preventScroll: true });
  });
}
