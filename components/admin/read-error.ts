/** The `error` of a JSON error answer, else the response text (SPEC section 8), else null. */
export async function readError(response: Response): Promise<string | null> {
  const text = await response.text().catch(() => "");
  try {
    return (JSON.parse(text) as { error?: string }).error ?? (text || null);
  } catch {
    return text || null;
  }
}
