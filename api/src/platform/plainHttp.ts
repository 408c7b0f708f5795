import type { Server, Socket } from 'node:net';

/** How long a connection may stay silent before its first byte says whether it speaks TLS. */
const firstByteMs = 30_000;
const requestLine = /^([A-Z]{3,10}) (\/\S*) HTTP\/1\.[01]\r?\n/;
const hostHeader =
  /\r?\nhost:[ \t]*([A-Za-z0-9.-]+(?::\d{1,5})?|\[[0-9A-Fa-f:.]+\](?::\d{1,5})?)[ \t]*\r?\n/i;

/**
 * The HTTPS port answers `http://` too (issue 41, point 7): a browser or a person typing the
 * address without the s got an empty reply. Each connection's first byte tells them apart (a TLS
 * handshake starts with 0x16; an HTTP request with a letter): TLS goes on to the server as before,
 * with the byte given back; plain HTTP gets a redirect to the same address over https (307, so the
 * method stays), or a plain sentence when the request names no host.
 */
export function answerPlainHttp(server: Server): void {
  const tls = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const drop = () => socket.destroy();
    socket.on('error', drop);
    socket.setTimeout(firstByteMs, drop);
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.setTimeout(0);
      if (first[0] === 0x16) {
        socket.removeListener('error', drop);
        socket.unshift(first);
        for (const listener of tls) listener.call(server, socket);
        return;
      }
      socket.end(plainAnswer(first.toString('latin1')));
    });
  });
}

function plainAnswer(head: string): string {
  const line = requestLine.exec(head);
  const host = hostHeader.exec(head)?.[1];
  const target = line && host ? `https://${host}${line[2]}` : undefined;
  const body = target
    ? `This server speaks HTTPS: ${target}\n`
    : 'This port speaks HTTPS: open the address with https:// instead of http://.\n';
  const status = target ? '307 Temporary Redirect' : '400 Bad Request';
  return (
    `HTTP/1.1 ${status}\r\n${target ? `Location: ${target}\r\n` : ''}` +
    `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `Connection: close\r\n\r\n${body}`
  );
}
