/**
 * Where the sandbox's messenger host emulator is, for a page opened outside the messenger: the API server serves it
 * at /sandbox/ only with the sandbox on (404 otherwise, 403 through a proxy), so one HEAD request tells.
 */
export async function findSandboxEmulator(apiBaseUrl: string, fetcher: typeof fetch = fetch): Promise<string | null> {
  const url = `${apiBaseUrl}/sandbox/`;
  try {
    const answer = await fetcher(url, { method: 'HEAD', credentials: 'omit' });
    return answer.ok ? url : null;
  } catch {
    return null;
  }
}
