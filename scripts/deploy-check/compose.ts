/** docker-compose.yml's defaults: nothing published beyond loopback, no password with a default. */
import fs from 'node:fs';
import { parse } from 'yaml';

interface ComposeService {
  ports?: (string | number | { host_ip?: string; published?: string | number })[];
  environment?: Record<string, string | number | null> | string[];
}

/** A variable compose must be given (`${EVALS_DB_PASSWORD:?…}`): no default to fall back on. */
const REQUIRED_VARIABLE = /^\$\{\w+:\?[^}]*\}$/;
const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]']);

/**
 * The compose file's defaults: every published port bound to loopback (the Temporal frontend and the metrics have no
 * authentication), and every password required from the environment rather than defaulted.
 */
export function checkCompose(file: string): { problems: string[]; services: number } {
  const compose = parse(fs.readFileSync(file, 'utf8')) as { services: Record<string, ComposeService> };
  const problems: string[] = [];
  for (const [name, service] of Object.entries(compose.services ?? {})) {
    for (const port of service.ports ?? []) {
      const host = typeof port === 'object' ? port.host_ip : String(port).split(':').length === 3 ? String(port).split(':')[0] : undefined;
      if (!host || !LOOPBACK.has(host))
        problems.push(
          `${name}: publishes ${typeof port === 'object' ? JSON.stringify(port) : port} on every interface (bind it to 127.0.0.1)`,
        );
    }
    const environment = Array.isArray(service.environment)
      ? Object.fromEntries(service.environment.map((e) => [e.split('=')[0], e.slice(e.indexOf('=') + 1)]))
      : (service.environment ?? {});
    for (const [key, raw] of Object.entries(environment)) {
      const value = String(raw ?? '');
      const defaulted = [...value.matchAll(/\$\{(\w+):?-([^}]+)\}/g)].filter(([, variable]) => /PASSWORD|PWD|SECRET/.test(variable));
      for (const [whole] of defaulted)
        problems.push(`${name}: ${key} falls back to a default password (${whole}): require it with \${…:?…}`);
      if (/PASSWORD|PWD/.test(key) && !REQUIRED_VARIABLE.test(value))
        problems.push(`${name}: ${key} is not a required variable (\${NAME:?why})`);
      const userinfo = /^\w+:\/\/[^/:@]+:(.+)@/.exec(value);
      if (userinfo && !REQUIRED_VARIABLE.test(userinfo[1]))
        problems.push(`${name}: ${key} holds a password that is not a required variable`);
    }
  }
  return { problems, services: Object.keys(compose.services ?? {}).length };
}
