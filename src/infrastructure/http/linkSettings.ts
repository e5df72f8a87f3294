/**
 * GET /api/v2/links: the support, news, FAQ, help and terms addresses the server is configured with. A plain fetch,
 * not the ApiClient: it needs no session, and must not take the page's early dashboard request (ApiClient's first call).
 */
import { type LinkSettings, readLinkSettings } from '../../domain/links';
import { API_PATH } from './HttpClient';

export async function fetchLinkSettings(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
): Promise<LinkSettings | null> {
  try {
    const response = await fetchImpl(`${baseUrl.replace(/\/+$/, '')}${API_PATH}/links`, {
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
    return response.ok ? readLinkSettings(await response.json()) : null;
  } catch {
    return null; // offline or older server: the defaults stay
  }
}
