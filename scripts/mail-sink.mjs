// The local mail sink of `npm start` (no SMTP_URL set): a real SMTP peer on loopback that prints every mail it
// receives as a person reads it (subject and text decoded), so a set-password or reset code can be read off the log.
import { TextDecoder } from 'node:util';
import { SMTPServer } from 'smtp-server';

/** Headers of a MIME entity (folded lines joined), lower-cased names. */
function headersOf(head) {
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function charsetOf(contentType) {
  return /charset="?([^";\s]+)"?/i.exec(contentType ?? '')?.[1] ?? 'utf-8';
}

function decodeBytes(bytes, charset) {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function quotedPrintableBytes(text) {
  const bytes = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** A header value with its RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=) decoded. */
export function decodeHeader(value) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, charset, encoding, text) =>
      decodeBytes(
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : quotedPrintableBytes(text.replace(/_/g, ' ')),
        charset,
      ),
    );
}

/** The readable text of a MIME entity: its text/plain part (of a multipart one), transfer encoding undone. */
function entityText(raw) {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const headers = headersOf(head);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith('--'))
      .map((p) => p.replace(/^\r?\n/, ''));
    const plain = parts.find((p) => /content-type:\s*text\/plain/i.test(p.split(/\r?\n\r?\n/)[0] ?? ''));
    return entityText(plain ?? parts[0] ?? '');
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  const charset = charsetOf(type);
  if (encoding === 'base64') return decodeBytes(Buffer.from(body.replace(/\s+/g, ''), 'base64'), charset);
  if (encoding === 'quoted-printable') return decodeBytes(quotedPrintableBytes(body), charset);
  return body;
}

/** A received mail as it is printed: recipients, subject and text, all decoded. */
export function readableMail(raw, to) {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const subject = decodeHeader(headersOf(head).subject ?? '');
  return `📧 Mail to ${to}\nSubject: ${subject}\n${entityText(raw).trim()}`;
}

/** Starts the sink on a free loopback port; `print` gets each mail's readable form. Resolves to its URL and stop. */
export async function startMailSink(print = (text) => console.log(`\n${text}\n`)) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
        print(readableMail(Buffer.concat(chunks).toString('utf8'), to));
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
