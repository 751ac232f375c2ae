// `?scenario=URL`: a scenario file fetched for the page. Same-origin URLs by default; other
// origins only where the site hosting the page allowed them when it was built (SCENARIO_ORIGINS,
// see vite.config.ts and the README). The response is read as a stream that stops at the size
// limit, and the whole request gives up after a timeout, each with a message in words.
import { SCENARIO_BYTES, TooLargeError, readLimited } from './limits';

/** The origins other than the page's own that ?scenario= may load from (set at build time). */
export const allowedOrigins: readonly string[] = typeof __SCENARIO_ORIGINS__ === 'undefined' ? [] : __SCENARIO_ORIGINS__;

export const SCENARIO_TIMEOUT_MS = 10_000;

export class RemoteScenarioError extends Error {
  override name = 'RemoteScenarioError';
}

/** Where `requested` points, resolved against the page; throws when its origin is not allowed. */
export function scenarioSource(requested: string, pageUrl: string, allowed: readonly string[] = allowedOrigins): URL {
  let url: URL;
  try {
    url = new URL(requested, pageUrl);
  } catch {
    throw new RemoteScenarioError(`“${requested}” is not a URL`);
  }
  const own = new URL(pageUrl).origin;
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new RemoteScenarioError(`only http(s) URLs can be loaded, not ${url.protocol}`);
  if (url.origin !== own && !allowed.includes(url.origin))
    throw new RemoteScenarioError(
      `this site loads scenario files only from ${own}${allowed.length ? ` and ${allowed.join(', ')}` : ''}, not from ${url.origin} (the site's SCENARIO_ORIGINS setting)`,
    );
  return url;
}

/**
 * Fetches the scenario file at `url`, as bytes: refused past `limit` bytes (read as a stream, never whole)
 * and after `timeoutMs` (the connection is aborted).
 */
export async function fetchScenario(url: URL, { timeoutMs = SCENARIO_TIMEOUT_MS, limit = SCENARIO_BYTES } = {}): Promise<Uint8Array> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, { signal: controller.signal, credentials: 'same-origin' });
    if (!response.ok)
      throw new RemoteScenarioError(`the server answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
    // A redirect must stay within what was allowed (the browser's connect-src says so too).
    const landed = response.url ? new URL(response.url).origin : url.origin;
    if (landed !== url.origin && landed !== globalThis.location?.origin && !allowedOrigins.includes(landed))
      throw new RemoteScenarioError(`it redirected to ${landed}, which this site does not load scenario files from`);
    if (Number(response.headers.get('content-length')) > limit) {
      await response.body?.cancel().catch(() => undefined);
      throw new TooLargeError(limit, 'the file');
    }
    if (!response.body) return new Uint8Array();
    return await readLimited(response.body, limit, 'The file');
  } catch (error) {
    if (controller.signal.aborted)
      throw new RemoteScenarioError(`no complete answer within ${timeoutMs / 1000} s; the server may be down or slow`);
    if (error instanceof Error && (error.name === 'TooLargeError' || error.name === 'RemoteScenarioError')) throw error;
    throw new RemoteScenarioError(`it could not be fetched (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    clearTimeout(timer);
  }
}
