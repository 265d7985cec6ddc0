import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between the service and a server on 127.0.0.1, for network faults:
 * - `freeze()`: a partition. Connections stay open, nothing is closed or reset, and bytes in
 *   either direction are held (new connections are accepted but go nowhere), as when packets are
 *   dropped on the way. `thaw()` delivers what was held and forwards again.
 * - `refuse()`: the server is down. Open connections are reset, new ones refused (the port closes).
 *   `listen()` opens the same port again.
 */
export interface TcpProxy {
  readonly port: number;
  freeze(): void;
  thaw(): void;
  refuse(): Promise<void>;
  listen(): Promise<void>;
  close(): Promise<void>;
}

interface Pipe {
  client: Socket;
  upstream: Socket | undefined;
  held: { toUpstream: Buffer[]; toClient: Buffer[] };
}

export async function tcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const pipes = new Set<Pipe>();
  let frozen = false;
  let server: Server | undefined;
  let port = 0;

  const openUpstream = (pipe: Pipe): void => {
    const upstream = connect(targetPort, targetHost);
    pipe.upstream = upstream;
    upstream.on('data', (chunk: Buffer) => {
      if (frozen) pipe.held.toClient.push(chunk);
      else pipe.client.write(chunk);
    });
    upstream.on('error', () => pipe.client.destroy());
    upstream.on('close', () => pipe.client.destroy());
    flush(pipe);
  };

  const flush = (pipe: Pipe): void => {
    if (!pipe.upstream) return;
    for (const chunk of pipe.held.toUpstream.splice(0)) pipe.upstream.write(chunk);
    for (const chunk of pipe.held.toClient.splice(0)) pipe.client.write(chunk);
  };

  const accept = (client: Socket): void => {
    const pipe: Pipe = { client, upstream: undefined, held: { toUpstream: [], toClient: [] } };
    pipes.add(pipe);
    client.on('data', (chunk: Buffer) => {
      if (frozen || !pipe.upstream) pipe.held.toUpstream.push(chunk);
      else pipe.upstream.write(chunk);
    });
    client.on('error', () => pipe.upstream?.destroy());
    client.on('close', () => {
      pipe.upstream?.destroy();
      pipes.delete(pipe);
    });
    if (!frozen) openUpstream(pipe);
  };

  const listen = async (): Promise<void> => {
    server = createServer(accept);
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };
  await listen();

  return {
    get port() {
      return port;
    },
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const pipe of pipes) {
        if (pipe.upstream) flush(pipe);
        else openUpstream(pipe);
      }
    },
    async refuse() {
      for (const pipe of pipes) {
        pipe.client.resetAndDestroy();
        pipe.upstream?.destroy();
      }
      pipes.clear();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
    listen,
    async close() {
      frozen = false;
      for (const pipe of pipes) {
        pipe.client.destroy();
        pipe.upstream?.destroy();
      }
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}
