// The reference of `npm run bench`: a bare Fastify process answering each path with exactly the
// bytes and the content headers our server gave (argv: answers file, port). Plain JavaScript, so
// that nothing but Fastify runs per request.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [file, port] = process.argv.slice(2);
const answers = JSON.parse(readFileSync(file, 'utf8'));
const app = Fastify({ logger: false });
app.get('/__ready', async () => 'ok');
const routes = new Set();
for (const answer of answers) {
  // The same path asked with and without a key answers the same bytes: one route.
  if (routes.has(answer.path)) continue;
  routes.add(answer.path);
  const body = Buffer.from(answer.body, 'base64');
  app.get(answer.path, (_request, reply) => {
    reply.header('content-type', answer.type);
    if (answer.cacheControl) reply.header('cache-control', answer.cacheControl);
    if (answer.etag) reply.header('etag', answer.etag);
    reply.send(body);
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
