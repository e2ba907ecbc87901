// A TCP relay on 127.0.0.1 between a server and its database, which a test
// can cut (the database goes away for that server: connections reset, new
// ones refused), silence (a partition: connections stay open, nothing passes)
// and restore on the same port.
import { type AddressInfo, connect, createServer, type Server, type Socket } from "node:net";

export interface TcpRelay {
  port: number;
  /** `url` with its port replaced by the relay's. */
  via(url: string): string;
  /** Closes every relayed connection and refuses new ones. */
  cut(): Promise<void>;
  /** Keeps connections open but passes nothing more, either way. */
  silence(): void;
  /** Listens again (after `cut`) and passes data again (after `silence`). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startRelay(targetHost: string, targetPort: number): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  let silent = false;
  let server: Server | undefined;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const listening = createServer((client) => {
        const upstream = connect(targetPort, targetHost);
        for (const [from, to] of [
          [client, upstream],
          [upstream, client],
        ] as const) {
          sockets.add(from);
          from.on("error", () => {});
          from.on("close", () => {
            sockets.delete(from);
            to.destroy();
          });
          from.on("data", (chunk) => {
            if (!silent) to.write(chunk);
          });
        }
      });
      listening.once("error", reject);
      listening.listen(port, "127.0.0.1", () => {
        server = listening;
        resolve((listening.address() as AddressInfo).port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  const port = await listen(0);
  return {
    port,
    via(url) {
      const relayed = new URL(url);
      relayed.hostname = "127.0.0.1";
      relayed.port = String(port);
      return relayed.toString();
    },
    cut: stop,
    silence() {
      silent = true;
    },
    async restore() {
      silent = false;
      if (!server) await listen(port);
    },
    close: stop,
  };
}
