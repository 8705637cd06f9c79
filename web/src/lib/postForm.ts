/** A refusal the server answered, in the shape of a tRPC error (`data.httpStatus`), so notifyFailure shows its reason. */
class RefusedError extends Error {
  readonly data: { httpStatus: number };
  constructor(message: string, httpStatus: number) {
    super(message);
    this.data = { httpStatus };
  }
}

/**
 * Sends a multipart form (fields and a file) to a REST route with the session cookie (same origin) and
 * answers the server's message; a refusal rejects with the server's own message (and its status), a
 * lost connection with `networkText`.
 */
export async function postForm(url: string, form: FormData, networkText: string): Promise<{ message: string }> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', body: form, credentials: 'same-origin' });
  } catch {
    throw new Error(networkText);
  }
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  if (!res.ok) throw new RefusedError(body?.message || networkText, res.status);
  return { message: body?.message ?? '' };
}
