import type { Bridge, RunListItem } from '../../../app/protocol/bridge';
import { IMPORT_NAME_PARAM, IMPORT_RUN_PATH } from '../../../app/protocol/wire';

/** The part of fetch the upload uses; tests hand in a fake. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'text'>>;

/**
 * importRun in the browser twin: the file goes up as the body of a POST to
 * the page's own server, not as a Bridge frame (those are kept under 1 MiB;
 * a long run's file is larger, and the server closes a socket sent more).
 * The session cookie goes with it, the page being of the same origin; the
 * answer is the imported run, or the reason the server refused the file.
 */
export function createRunUpload(origin: string, fetchImpl: FetchLike = (u, i) => fetch(u, i)): Bridge['importRun'] {
  return async ({ name, text }) => {
    const url = `${origin}${IMPORT_RUN_PATH}?${new URLSearchParams({ [IMPORT_NAME_PARAM]: name })}`;
    const res = await fetchImpl(url, {
      method: 'POST',
      body: text,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/x-ndjson' },
    });
    const answer = await res.text();
    if (!res.ok) throw new Error(answer.trim() || `the server answered ${res.status}`);
    return JSON.parse(answer) as RunListItem;
  };
}
