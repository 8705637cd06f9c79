/** A restore that cannot go ahead, for a reason the person running it can fix; nothing was changed. */
export class RestoreRefused extends Error {
  override readonly name = 'RestoreRefused';
}
