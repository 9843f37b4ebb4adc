import { createApiServer, listen } from '../../api/server';
import { loadConfig, secretsOf } from '../../config';
import { openDatabase } from '../../db/database';
import { createLogger } from '../../logger';
import { parseArgs, say, UsageError } from '../io';

export async function serveCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { port: { type: 'string' } } });
  const config = loadConfig();
  const port = values.port === undefined ? config.api.port : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number (got ${values.port})`);
  const log = createLogger(config.logLevel ?? 'info', { role: 'api' }, secretsOf(config));
  const db = await openDatabase(config, say);
  const server = createApiServer({ pool: db.pool, basePath: config.api.basePath, log });
  try {
    const bound = await listen(server, port, config.api.host);
    say(`serving the eval read API on ${bound.url}${config.api.basePath}`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    say('shutting down');
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return 0;
  } finally {
    server.closeAllConnections();
    await db.close();
  }
}
