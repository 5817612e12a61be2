import { databaseUnavailable } from './pg-errors.ts';
import { currentRequestId } from './request-context.ts';

interface FatalLog {
  fatal(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The last resort (issue 35): an exception nobody caught, or a rejection nobody handled, leaves the process in a
 * state no one can vouch for. It is logged once, with the request id whose work raised it, the server stops
 * taking connections and gives the requests in flight up to `drainMs` to finish, and the process exits with code
 * 70 on purpose; the supervisor (`supervisor.ts`) starts a fresh worker. Errors every path expects are
 * caught where they happen; reaching this is a defect, and the log line says so.
 */
export function exitOnUncaught(log: FatalLog, drain: () => Promise<unknown>, drainMs = 5000) {
  let exiting = false;
  const fatal = (kind: string) => (err: unknown, promise?: unknown) => {
    const requestId = currentRequestId();
    // A database call whose connection was lost, left unawaited by a request that has already failed with it
    // (503): nothing is left half-done in this process, so it is logged and the worker keeps serving. Which call
    // is left unawaited is not known yet (issue 35's fault suite sees it when PostgreSQL restarts).
    if (kind === 'unhandledRejection' && databaseUnavailable(err)) {
      log.error({ err, requestId, kind }, 'a database call nobody awaited failed with its lost connection');
      return;
    }
    // A driver's query left unhandled names its SQL (postgres-js queries are the promises themselves).
    const query = (promise as { string?: unknown } | undefined)?.string;
    const statement = typeof query === 'string' ? query.slice(0, 300) : undefined;
    log.fatal(
      { err, requestId, kind, statement },
      `${kind}: the process exits and its supervisor starts another`,
    );
    if (exiting) return;
    exiting = true;
    const timer = setTimeout(() => process.exit(EXIT_UNCAUGHT), drainMs);
    timer.unref();
    drain().then(
      () => process.exit(EXIT_UNCAUGHT),
      () => process.exit(EXIT_UNCAUGHT),
    );
  };
  process.on('uncaughtException', fatal('uncaughtException'));
  process.on('unhandledRejection', fatal('unhandledRejection'));
}

/** EX_SOFTWARE: an internal error; the supervisor restarts a worker that exits so. */
export const EXIT_UNCAUGHT = 70;
