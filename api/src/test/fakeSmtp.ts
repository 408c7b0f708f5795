// A local SMTP server for the tests: speaks just enough SMTP for nodemailer (no TLS, no auth) and
// keeps every mail it is given, with the subject and a quoted-printable text body decoded.
import { createServer, type Server } from 'node:net';

export type ReceivedMail = { from: string; to: string[]; subject: string; body: string };

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => `%${h}`);
  try {
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
  } catch {
    return text;
  }
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_, q: string) =>
    decodeQuotedPrintable(q.replace(/_/g, ' ')),
  );
}

function parse(data: string, from: string, to: string[]): ReceivedMail {
  const [head = '', ...rest] = data.split(/\r\n\r\n/);
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) =>
    unfolded
      .split('\r\n')
      .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const raw = rest.join('\r\n\r\n').replace(/\r\n$/, '');
  const qp = /quoted-printable/i.test(header('Content-Transfer-Encoding'));
  const b64 = /base64/i.test(header('Content-Transfer-Encoding'));
  const body = qp ? decodeQuotedPrintable(raw) : b64 ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  return { from, to, subject: decodeHeader(header('Subject')), body: body.replace(/\r\n/g, '\n') };
}

export async function startFakeSmtp(): Promise<{
  url: string;
  mails: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const data = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push(parse(data, from, to));
          reply('250 OK queued');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake');
        else if (verb === 'MAIL') {
          from = line.replace(/^MAIL FROM:\s*/i, '');
          to = [];
          reply('250 OK');
        } else if (verb === 'RCPT') {
          to.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1'));
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.unref();
      }),
  };
}
