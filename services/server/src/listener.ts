import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { PROBLEM_TYPE, isLoopbackHost, problem, statusTitle } from '@afterglow/contracts';
import { requestLanguage, translateProblem } from '@afterglow/service-kit/i18n';

const PROBES = new Set(['/livez', '/readyz', '/metrics']);

/**
 * The plain-http side of the HTTPS mode's port. A browser that typed `http://` is sent to the same
 * address over https; this process's own calls to itself (loopback, saying it was https through
 * X-Forwarded-Proto, as a trusted proxy would) and health probes are answered.
 */
function plainHttp(handler: RequestListener): RequestListener {
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const local = isLoopbackHost(req.socket.remoteAddress ?? '');
    if (local && (req.headers['x-forwarded-proto'] === 'https' || PROBES.has(path))) return handler(req, res);
    const host = req.headers.host;
    if (!host || !/^[\w.\-:[\]]+$/.test(host)) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Use https://\n');
      return;
    }
    res.writeHead(308, { location: `https://${host}${req.url ?? '/'}`, 'cache-control': 'no-store' }).end();
  };
}

/**
 * The HTTP server: plain, or (with a certificate) TLS and plain http on the same port, told apart by
 * the first byte a client sends (a TLS handshake starts with 0x16). Answers the server to listen on
 * and every server whose connections must be closed at shutdown.
 */
export function createListener(
  handler: RequestListener,
  tls: { key: string; cert: string } | null,
): { server: Server; servers: Server[] } {
  if (!tls) {
    const server = createServer(handler);
    return { server, servers: [server] };
  }
  const secure = createHttpsServer({ key: tls.key, cert: tls.cert }, handler) as unknown as Server;
  const plain = createServer(plainHttp(handler));
  const tlsConnection = secure.listeners('connection') as ((s: Socket) => void)[];
  secure.removeAllListeners('connection');
  secure.on('connection', (socket: Socket) => {
    const route = () => {
      const first = socket.read(1) as Buffer | null;
      if (first === null) return void socket.once('readable', route);
      // TLS picks up what was read before it wrapped the socket (tls reads a socket's buffer first)
      socket.unshift(first);
      if (first[0] === 0x16) for (const l of tlsConnection) l.call(secure, socket);
      else plain.emit('connection', socket);
    };
    socket.once('readable', route);
    socket.on('error', () => socket.destroy());
  });
  return { server: secure, servers: [secure, plain] };
}

/**
 * A request Node could not even parse (an address or headers past the size limit, broken framing, a
 * client too slow to send its headers) is answered as problem+json too, then the connection closes.
 */
export function answerUnreadable(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, code, detail] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large', 'The request address or headers are too long']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request took too long to arrive']
        : [400, 'bad_request', 'The request could not be read'];
  const body = JSON.stringify(problem(status, code, detail));
  socket.end(
    `HTTP/1.1 ${status} ${statusTitle(status)}\r\nContent-Type: ${PROBLEM_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

/** Every request while the modules are still starting (the server listens first), in its language. */
export function answerStarting(res: ServerResponse): void {
  const lang = res.req ? requestLanguage(res.req) : 'en';
  res.writeHead(503, { 'content-type': PROBLEM_TYPE, 'retry-after': '1', 'content-language': lang });
  res.end(JSON.stringify(translateProblem(problem(503, 'starting', 'Afterglow is starting'), lang)));
}
