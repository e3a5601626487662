import { maxHeaderSize, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { UiLang } from '@kb/contracts';
import { translate } from './messages.js';

interface ParserError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

/** The caller's language, read from the start of a request Node could not parse (zh unless it asked for en). */
function langOf(raw: string): UiLang {
  const asked = /^(?:x-lang|accept-language):[ \t]*([a-z]+)/im.exec(raw)?.[1];
  return asked?.toLowerCase().startsWith('en') ? 'en' : 'zh';
}

function answerFor(error: ParserError, raw: string): { status: number; reason: string; code: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // When the request line is the bulk of what overflowed, the address, not the headers, is too long.
    const requestLine = /^[A-Z]+ [^\r\n]*/.exec(raw)?.[0] ?? '';
    return requestLine.length > maxHeaderSize / 2
      ? { status: 414, reason: 'URI Too Long', code: 'request_uri_too_long' }
      : { status: 431, reason: 'Request Header Fields Too Large', code: 'request_headers_too_large' };
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, reason: 'Request Timeout', code: 'request_timeout' };
  return { status: 400, reason: 'Bad Request', code: 'request_malformed' };
}

/**
 * Requests Node's HTTP parser refuses before Express sees them (headers or an address over the header limit,
 * broken framing) would get a bare status line or a reset connection. Answer them in the envelope instead, in the
 * caller's language, and close the connection (the rest of such a request cannot be trusted).
 */
export function answerClientErrorsInEnvelope(server: Server): void {
  server.on('clientError', (error: ParserError, socket: Duplex) => {
    // A response already under way on this connection cannot be followed by another: just close it.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const raw = error.rawPacket?.toString('latin1') ?? '';
    const { status, reason, code } = answerFor(error, raw);
    const body = JSON.stringify({ status, desc: translate(code, langOf(raw)), data: null });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
