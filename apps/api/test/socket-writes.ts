import { Socket } from 'node:net';

/**
 * Socket writes made while `fn` runs, on every socket of this process: for a test whose only traffic then is
 * PostgreSQL's, the number of writes a transaction or a read cost.
 */
export async function writesDuring<T>(fn: () => Promise<T>): Promise<{ result: T; writes: number }> {
  const original = Socket.prototype.write;
  let writes = 0;
  Socket.prototype.write = function (this: Socket, ...args: Parameters<Socket['write']>) {
    writes++;
    return original.apply(this, args);
  } as Socket['write'];
  try {
    return { result: await fn(), writes };
  } finally {
    Socket.prototype.write = original;
  }
}
