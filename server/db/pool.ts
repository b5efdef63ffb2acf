// pg's Pool, made safe for connections that die while the app holds them.
//
// A PostgreSQL connection can end at any moment: pg_terminate_backend, a failover, a restart of
// the server, a network cut. pg's Pool copes while the connection is idle in it, but not while it
// is checked out:
//  1. The client emits 'error', and the pool listens only while the client is idle: an error of a
//     checked-out client (inside a transaction, between two of its statements) had no listener, and
//     an unhandled 'error' event ends the Node process. Every client here has a listener for life.
//  2. drizzle's transaction() (node-postgres, 0.45) sends BEGIN before the try/finally that releases
//     the client (drizzle-team/drizzle-orm#6241): a BEGIN on a dead connection never gives the client
//     back, and a few of them exhaust the pool for good (every later request waits for a connection
//     and answers 503). Here a client whose connection ends while checked out goes back to the pool
//     at once, as broken (the pool closes it and opens a new one when needed), and the holder's own
//     release later is a no-op.
// The statement that was running fails on its own (the request answers 503, see
// server/db/errors.ts). Tested in server/db/pool.test.ts (on PostgreSQL).
import pg from "pg";

export interface DatabasePoolOptions extends pg.PoolConfig {
  /** Told when a connection of the pool is lost (it is replaced; nothing else to do but log). */
  onConnectionLost?: (err: Error) => void;
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

export class DatabasePool extends pg.Pool {
  private readonly onConnectionLost: (err: Error) => void;

  constructor(options: DatabasePoolOptions) {
    const { onConnectionLost, ...config } = options;
    super(config);
    this.onConnectionLost = onConnectionLost ?? (() => undefined);
    // An idle client that loses its connection: the pool has already dropped it.
    this.on("error", (err) => this.onConnectionLost(err));
    this.on("connect", (client) => client.on("error", (err) => this.onConnectionLost(err)));
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (!callback) return super.connect().then(returnWhenLost);
    super.connect((err, client, done) => {
      if (err || !client) return callback(err, client, done);
      const guarded = returnWhenLost(client);
      callback(undefined, guarded, (release?: unknown) => guarded.release(release as Error | boolean | undefined));
    });
  }
}

/** The checked-out client goes back to the pool (as broken) as soon as its connection ends. */
function returnWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const onEnd = () => {
    if (released) return;
    released = true;
    release(new Error("The database connection ended while it was in use."));
  };
  client.once("end", onEnd);
  client.release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener("end", onEnd);
    release(err);
  };
  return client;
}
