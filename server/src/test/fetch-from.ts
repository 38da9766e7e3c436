/**
 * A `fetch` whose connections start from a chosen local address. A load balancer that is sticky by
 * client address (deploy/nginx.conf: ip_hash) then sends each test member to a node of its own,
 * as it would members on different networks. Enough of fetch for TestClient: method, headers,
 * a string body, status, headers (with every Set-Cookie) and the body text.
 */
import { request } from 'node:http';

export function fetchFrom(localAddress: string): typeof fetch {
  return ((input: string | URL, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const headers = new Headers(init.headers);
      const req = request(
        new URL(String(input)),
        { method: init.method ?? 'GET', headers: Object.fromEntries(headers.entries()), localAddress },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const answer = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answer.append(name, one);
            }
            const status = res.statusCode ?? 0;
            // Response refuses a body, even an empty one, for these statuses.
            const body = [101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks);
            resolve(new Response(body, { status, headers: answer }));
          });
        },
      );
      req.on('error', reject);
      req.end(typeof init.body === 'string' ? init.body : undefined);
    })) as typeof fetch;
}
