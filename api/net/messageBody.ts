/**
 * Whether a request carries a body, from its framing alone (RFC 9112 §6.1, §6.3): a request has a body exactly when
 * it sends Transfer-Encoding or a Content-Length other than 0. Without either its body is empty, whatever the method.
 *
 * The servers hand every request (a bodiless DELETE, an OPTIONS, …) a body stream even when it has none, so the stream
 * is no evidence; the header fields are.
 */
export function declaresBody(contentLength: string | null | undefined, transferEncoding: string | null | undefined): boolean {
  if (transferEncoding !== undefined && transferEncoding !== null) return true;
  if (contentLength === undefined || contentLength === null || contentLength.trim() === '') return false;
  return Number(contentLength) !== 0;
}
