/**
 * Sends a multipart form (fields and a file) to a REST route with the session cookie (same origin) and
 * answers the server's message; a refusal rejects with the server's own message, a lost connection
 * with `networkText`.
 */
export async function postForm(url: string, form: FormData, networkText: string): Promise<{ message: string }> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', body: form, credentials: 'same-origin' });
  } catch {
    throw new Error(networkText);
  }
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  if (!res.ok) throw new Error(body?.message || networkText);
  return { message: body?.message ?? '' };
}
