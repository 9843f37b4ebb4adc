import type { z } from 'zod';
import { readLocalFile } from '../infra/local-file';
import { bool, ConfigError, hostPort, port, secret, section, text } from './rules';

/** TLS toward Temporal, in the shape both of the SDK's connections take. */
export interface TemporalTls {
  serverNameOverride?: string;
  serverRootCACertificate?: Buffer;
  clientCertPair?: { crt: Buffer; key: Buffer };
}

const variables = {
  TEMPORAL_ADDRESS: hostPort.optional(),
  TEMPORAL_NAMESPACE: text.default('default'),
  TEMPORAL_TASK_QUEUE: text.default('eval-pipeline'),
  TEMPORAL_API_KEY: secret(text.optional()),
  // Temporal's environment configuration (docs.temporal.io, client environment configuration); unset: TLS when any TLS setting or an API key is given.
  TEMPORAL_TLS: bool.optional(),
  TEMPORAL_TLS_CLIENT_CERT_PATH: text.optional(),
  TEMPORAL_TLS_CLIENT_KEY_PATH: text.optional(),
  TEMPORAL_TLS_SERVER_CA_CERT_PATH: text.optional(),
  TEMPORAL_TLS_SERVER_NAME: text.optional(),
  TEMPORAL_TLS_DISABLE_HOST_VERIFICATION: bool.default(false),
  TEMPORAL_CLI_PATH: text.optional(),
  TEMPORAL_UI_PORT: port().default(8233),
  TEMPORAL_DEV_PORT: port().default(7233),
};

export const temporal = section({
  stack: true,
  variables,
  build: (e) => ({
    /** Absent: the project starts a local dev server. */
    address: e.TEMPORAL_ADDRESS,
    namespace: e.TEMPORAL_NAMESPACE,
    taskQueue: e.TEMPORAL_TASK_QUEUE,
    apiKey: e.TEMPORAL_API_KEY,
    /** Off, or on with what TEMPORAL_TLS_* give (files already read). Never used toward a dev server the project starts. */
    tls: temporalTls(e),
    cliPath: e.TEMPORAL_CLI_PATH,
    uiPort: e.TEMPORAL_UI_PORT,
    /** Frontend port of the dev server `evals dev` starts. */
    devPort: e.TEMPORAL_DEV_PORT,
  }),
});

/** A PEM file (a certificate chain, a key) is a few KB; this bounds what a wrong path makes the worker read. */
const MAX_PEM_BYTES = 1024 * 1024;

/**
 * A PEM file named by a TEMPORAL_TLS_* variable, read as every file a person names is (a regular file,
 * bounded: /dev/zero or a FIFO is refused, not read); the error names the variable and the path, never the content.
 */
function pemFile(variable: string, file: string, what: 'CERTIFICATE' | 'PRIVATE KEY'): Buffer {
  let content: Buffer;
  try {
    content = Buffer.from(readLocalFile(file, MAX_PEM_BYTES), 'utf8');
  } catch (err) {
    throw new ConfigError(`invalid configuration: ${variable}: ${(err as Error).message}`);
  }
  // Any PEM private key form: PRIVATE KEY, RSA PRIVATE KEY, EC PRIVATE KEY.
  const begin = what === 'CERTIFICATE' ? /-----BEGIN CERTIFICATE-----/ : /-----BEGIN [A-Z ]*PRIVATE KEY-----/;
  if (!begin.test(content.toString('latin1')))
    throw new ConfigError(`invalid configuration: ${variable}: ${file} is not a PEM ${what.toLowerCase()}`);
  return content;
}

/**
 * TLS toward Temporal as Temporal's environment configuration describes it: on
 * when TEMPORAL_TLS=true, or unset with an API key or any TLS setting; mTLS with
 * a client certificate and its key; a private CA; a server name (SNI) override.
 */
function temporalTls(e: z.output<z.ZodObject<typeof variables>>): TemporalTls | false {
  const cert = e.TEMPORAL_TLS_CLIENT_CERT_PATH;
  const key = e.TEMPORAL_TLS_CLIENT_KEY_PATH;
  if ((cert === undefined) !== (key === undefined)) {
    throw new ConfigError(
      'invalid configuration: TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH go together (mTLS needs the certificate and its key)',
    );
  }
  if (e.TEMPORAL_TLS_DISABLE_HOST_VERIFICATION) {
    throw new ConfigError(
      "invalid configuration: TEMPORAL_TLS_DISABLE_HOST_VERIFICATION: the Temporal TypeScript SDK always verifies the server's name; set TEMPORAL_TLS_SERVER_NAME to a name its certificate carries instead",
    );
  }
  const settings = [cert, e.TEMPORAL_TLS_SERVER_CA_CERT_PATH, e.TEMPORAL_TLS_SERVER_NAME].filter((v) => v !== undefined);
  if (e.TEMPORAL_TLS === false && settings.length > 0) {
    throw new ConfigError(
      'invalid configuration: TEMPORAL_TLS=false contradicts TEMPORAL_TLS_CLIENT_CERT_PATH, TEMPORAL_TLS_SERVER_CA_CERT_PATH and TEMPORAL_TLS_SERVER_NAME: unset them, or TEMPORAL_TLS',
    );
  }
  if (!(e.TEMPORAL_TLS ?? (e.TEMPORAL_API_KEY !== undefined || settings.length > 0))) return false;
  return {
    ...(e.TEMPORAL_TLS_SERVER_NAME ? { serverNameOverride: e.TEMPORAL_TLS_SERVER_NAME } : {}),
    ...(e.TEMPORAL_TLS_SERVER_CA_CERT_PATH
      ? { serverRootCACertificate: pemFile('TEMPORAL_TLS_SERVER_CA_CERT_PATH', e.TEMPORAL_TLS_SERVER_CA_CERT_PATH, 'CERTIFICATE') }
      : {}),
    ...(cert && key
      ? {
          clientCertPair: {
            crt: pemFile('TEMPORAL_TLS_CLIENT_CERT_PATH', cert, 'CERTIFICATE'),
            key: pemFile('TEMPORAL_TLS_CLIENT_KEY_PATH', key, 'PRIVATE KEY'),
          },
        }
      : {}),
  };
}
