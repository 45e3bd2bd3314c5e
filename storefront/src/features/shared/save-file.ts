// Files the storefront hands to the browser as downloads: a file fetched from the API with a link's
// token in a header (the ticket's calendar file, decision 043; an invoice or receipt, decision 048),
// or one made here (the buyer's copy of their data, decision 030). One way to fetch, one to save.
import { ApiError, NETWORK_ERROR_MESSAGE, errorFromResponse } from '@tdk/shared-ui';

/** Saves `blob` as a file named `name` through a temporary link. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file name an answer's `Content-Disposition: attachment; filename="…"` gives, if any. */
export function fileNameOf(headers: Headers): string | undefined {
  const match = /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '');
  return match?.[1];
}

/** What fetchFile reads of an answer: a fetch Response, or the typed client's. */
type FileResponse = Pick<Response, 'ok' | 'status' | 'statusText' | 'headers' | 'blob' | 'text'>;

/**
 * A file from the API (its request already made, its token in a header): its bytes and the name the
 * API gave it. A refusal or failure throws the one ApiError, as callApi does: the API's `{ error }`
 * body, one made from the status, or status 0 when the server could not be reached.
 */
export async function fetchFile(request: Promise<FileResponse>): Promise<{ blob: Blob; name: string | undefined }> {
  let response: FileResponse;
  try {
    response = await request;
  } catch {
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    throw errorFromResponse(response.status, response.statusText, body);
  }
  return { blob: await response.blob(), name: fileNameOf(response.headers) };
}
