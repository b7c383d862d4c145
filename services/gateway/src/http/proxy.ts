import { Agent, request, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Router, type Request, type Response } from 'express';
import { API_ROUTES, PAGE_ROUTES, unavailable, type ServiceName } from '@afterglow/contracts';
import { discardBody, sendProblem, type Logger } from '@afterglow/service-kit';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const agent = new Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 });

function forwardHeaders(req: IncomingMessage, target: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
  out.host = target.host;
  out['x-forwarded-host'] = req.headers.host ?? '';
  out['x-forwarded-proto'] = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const prior = req.headers['x-forwarded-for'];
  out['x-forwarded-for'] = [prior, req.socket.remoteAddress].filter(Boolean).join(', ');
  return out;
}

/** Streams one request to the service at `base` and its answer back; never buffers bodies. */
export function forward(base: string, logger: Logger) {
  const target = new URL(base);
  return (req: Request, res: Response) => {
    const upstream = request(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.originalUrl,
        headers: forwardHeaders(req, target),
        agent,
        timeout: 120_000,
      },
      (answer) => {
        const headers: Record<string, string | string[]> = {};
        for (const [k, v] of Object.entries(answer.headers))
          if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
    upstream.on('error', (err) => {
      logger.warn({ err: String(err), target: base, path: req.path }, 'service unreachable');
      if (res.headersSent) return void res.destroy();
      // The rest of the body (an upload) still comes: read and dropped, so the connection serves the
      // client's next request instead of stalling behind it.
      req.unpipe(upstream);
      if (!req.complete) discardBody(req);
      sendProblem(res, unavailable());
    });
    req.pipe(upstream);
  };
}

/** Routes (API and pages) of every service that does not run in this process, forwarded to where it runs. */
export function remoteRoutes(remote: Map<ServiceName, string>, logger: Logger): Router {
  const r = Router();
  for (const route of [...API_ROUTES, ...PAGE_ROUTES]) {
    const base = remote.get(route.service);
    if (!base) continue;
    const method = route.method.toLowerCase() as
      'get' | 'head' | 'options' | 'post' | 'put' | 'patch' | 'delete';
    r[method](route.path, forward(base, logger));
  }
  return r;
}

/** Hands an (already authenticated) WebSocket upgrade to the realtime service at `base`. */
export function forwardUpgrade(base: string, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  const target = new URL(base);
  const upstream = request({
    hostname: target.hostname,
    port: target.port,
    method: 'GET',
    path: req.url,
    headers: {
      ...forwardHeaders(req, target),
      connection: 'Upgrade',
      upgrade: req.headers.upgrade ?? 'websocket',
    },
  });
  upstream.on('upgrade', (answer, upSocket, upHead) => {
    const lines = [`HTTP/1.1 101 Switching Protocols`];
    for (let i = 0; i < answer.rawHeaders.length; i += 2)
      lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
    socket.write(lines.join('\r\n') + '\r\n\r\n');
    if (upHead.length) socket.write(upHead);
    if (head.length) upSocket.write(head);
    upSocket.pipe(socket).pipe(upSocket);
    const end = () => {
      upSocket.destroy();
      socket.destroy();
    };
    upSocket.on('error', end);
    socket.on('error', end);
    upSocket.on('close', end);
    socket.on('close', end);
  });
  upstream.on('response', (answer) => {
    socket.end(`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\nConnection: close\r\n\r\n`);
    answer.resume();
  });
  upstream.on('error', () => socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n'));
  upstream.end();
}
