// The bare limit for ingest: a minimal Node HTTP server that only streams each request body to a
// file and answers 200. Started by the bench as its own process; prints its port when listening.
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

const dir = process.argv[2];
mkdirSync(dir, { recursive: true });
let n = 0;
const server = createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(200).end('ok');
    return;
  }
  const out = createWriteStream(join(dir, `${++n}.bin`));
  req.pipe(out);
  out.on('finish', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  out.on('error', () => res.writeHead(500).end());
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
