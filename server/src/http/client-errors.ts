/**
 * Requests Node's HTTP parser refuses before any route sees them: a URL or headers over its 16 KB
 * limit, a request that is not HTTP, one whose headers came too slowly. Node answered them with a
 * bare status line and no body; every other error of the server is the API's JSON
 * (`{ error, message }`), so these are too.
 */
import type { Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import { errorBody, HttpError } from './errors.js';

/** The answer Node gives each parser error (lib/_http_server.js socketOnError), with our body. */
function errorFor(code: string | undefined): HttpError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new HttpError(431, 'payload_too_large');
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new HttpError(413, 'payload_too_large');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new HttpError(408, 'try_later');
    default:
      return new HttpError(400, 'invalid_request');
  }
}

/** The whole answer: a status line, the headers and the JSON, then the connection closes. */
function rawAnswer(error: HttpError): string {
  const body = JSON.stringify(errorBody(error));
  return [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Answers the parser's refusals in JSON. Taking the `clientError` event takes over what Node did by
 * default, so this does the same: nothing is written to a connection that is gone, nor into an
 * answer already under way (a request behind it on a kept-alive connection), and the
 * connection is closed either way.
 */
export function answerClientErrorsInJson(http: HttpServer): void {
  http.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(rawAnswer(errorFor(err.code)));
  });
}
