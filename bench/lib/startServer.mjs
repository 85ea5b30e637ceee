import { createServer } from 'node:http';

/**
 * @typedef {{ status?: number, type: string, body: string | Uint8Array, headers?: Record<string, string> }} Reply
 */

/**
 * A tiny HTTP server on 127.0.0.1 and a random port, answering from `route`.
 * Unknown paths get 404. Stop it with `close()`.
 * @param {(url: URL, req: import('node:http').IncomingMessage) => Reply | null | Promise<Reply | null>} route
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function startServer(route) {
  const server = createServer(async (req, res) => {
    try {
      const reply = await route(new URL(req.url ?? '/', 'http://127.0.0.1'), req);
      if (!reply) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(reply.status ?? 200, { 'content-type': reply.type, 'cache-control': 'no-store', ...reply.headers });
      res.end(reply.body);
    } catch (err) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      });
    });
  });
}
