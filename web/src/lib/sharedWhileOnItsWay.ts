const onItsWay = new Map<string, Promise<unknown>>();

/**
 * Runs `start` unless a call with the same key is still on its way, in which case that call's
 * promise is answered: a second tap made before the button shows it is busy joins the first.
 */
export function sharedWhileOnItsWay<T>(key: string, start: () => Promise<T>): Promise<T> {
  const pending = onItsWay.get(key) as Promise<T> | undefined;
  if (pending !== undefined) return pending;
  const answer = start();
  onItsWay.set(key, answer);
  const settled = () => onItsWay.delete(key);
  answer.then(settled, settled);
  return answer;
}
