import { currentRequestId } from './request-context.ts';

interface FatalLog {
  fatal(obj: object, msg: string): void;
}

/**
 * The last resort (issue 35): an exception nobody caught, or a rejection nobody handled, leaves the process in a
 * state no one can vouch for. It is logged once, with the request id whose work raised it, the server stops
 * taking connections and gives the requests in flight up to `drainMs` to finish, and the process exits with code
 * 70 on purpose; the supervisor (`supervisor/primary.ts`) starts a fresh worker. Errors every path expects are
 * caught where they happen; reaching this is a defect, and the log line says so.
 */
export function exitOnUncaught(log: FatalLog, drain: () => Promise<unknown>, drainMs = 5000) {
  let exiting = false;
  const fatal = (kind: string) => (err: unknown) => {
    const requestId = currentRequestId();
    log.fatal({ err, requestId, kind }, `${kind}: the process exits and its supervisor starts another`);
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
