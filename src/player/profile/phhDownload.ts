// "Download my hands": the whole history as one .phhs file, streamed by the server
// (GET /user/hand/export.phhs, oldest first, each hand as the player saw it). The hand count
// comes first in a header, so the button can show how far the download has got.
import { HAND_COUNT_HEADER, MY_HANDS_EXPORT_PATH } from '../../shared/api/live';
import { getToken } from '../../shared/http/token';

export interface HandsDownload {
  /** The file, or null when there is no hand to download. */
  file: Blob | null;
  hands: number;
}

/** Each hand of the file starts with a `# hand <id>, <time>` line (after its `[n]`). */
const HAND_MARK = '\n# hand ';

export function downloadMyHands(onProgress: (done: number, total: number) => void, fetchImpl: typeof fetch = fetch): Promise<HandsDownload> {
  return downloadHands(MY_HANDS_EXPORT_PATH, onProgress, fetchImpl);
}

/** A .phhs download streamed from `url` (the whole history, or a search's hands), counting hands as they come. */
export async function downloadHands(url: string, onProgress: (done: number, total: number) => void, fetchImpl: typeof fetch = fetch): Promise<HandsDownload> {
  const token = getToken();
  const res = await fetchImpl(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok || !res.body) throw new Error(`download failed: ${res.status}`);
  const total = Number(res.headers.get(HAND_COUNT_HEADER) ?? 0);
  onProgress(0, total);
  const chunks: Uint8Array[] = [];
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  let done = 0;
  // The tail of the previous chunk: a mark may be cut between two chunks.
  let carry = '\n';
  for (;;) {
    const { value, done: end } = await reader.read();
    if (end) break;
    chunks.push(value);
    const text = carry + decoder.decode(value, { stream: true });
    for (let i = text.indexOf(HAND_MARK); i >= 0; i = text.indexOf(HAND_MARK, i + 1)) done++;
    carry = text.slice(-(HAND_MARK.length - 1));
    onProgress(Math.min(done, total), total);
  }
  if (done === 0) return { file: null, hands: 0 };
  return { file: new Blob(chunks as BlobPart[], { type: 'text/plain;charset=utf-8' }), hands: done };
}
