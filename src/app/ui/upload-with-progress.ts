import { apiErrorFrom, type ApiAnswer, type ApiBody, type ApiInput, type ApiOperation } from '#core';

export interface UploadOptions {
  method?: 'POST' | 'PUT' | 'PATCH';
  /** E.g. the bearer token: this call bypasses the API client, so it adds nothing itself. */
  headers?: Record<string, string>;
  /** The share of the body sent so far, 0…1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends a multipart body and reports how much of it has gone: fetch cannot tell upload progress,
 * XMLHttpRequest can. Resolves with the parsed answer of a 2xx; rejects with an ApiError built from
 * the server's {code, message} (or the status alone), or with the signal's reason when aborted.
 */
export function uploadWithProgress(url: string, body: FormData, { method = 'POST', headers = {}, onProgress, signal }: UploadOptions = {}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const aborted = () => signal?.reason ?? new DOMException('The upload was aborted.', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = (done: () => void) => {
      signal?.removeEventListener('abort', onAbort);
      done();
    };
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () =>
      settle(() => {
        const answer = parse(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) resolve(answer);
        else reject(apiErrorFrom(xhr.status, answer));
      });
    xhr.onerror = () => settle(() => reject(apiErrorFrom(0, undefined)));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => settle(() => reject(aborted()));
    signal?.addEventListener('abort', onAbort);
    xhr.send(body);
  });
}

/** The contract's operations that take a multipart body. */
type UploadOperation = { [K in ApiOperation]: FormData extends ApiBody<K> ? K : never }[ApiOperation];
type PathOf<K extends ApiOperation> = ApiInput<K> extends { path: infer P } ? P : Record<string, never>;

/**
 * uploadWithProgress for an operation of the API contract, as apiCall names it
 * (`'POST {school}/files/'`): the URL is its path under /api/ with the parameters filled in, and
 * the answer is typed as the contract's.
 */
export function uploadOperation<K extends UploadOperation>(operation: K, path: PathOf<K>, body: FormData, options: Omit<UploadOptions, 'method'> = {}): Promise<ApiAnswer<K>> {
  const space = operation.indexOf(' ');
  const params = path as Record<string, string | number>;
  const url = `/api/${operation.slice(space + 1).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])))}`;
  return uploadWithProgress(url, body, { ...options, method: operation.slice(0, space) as UploadOptions['method'] }) as Promise<ApiAnswer<K>>;
}
