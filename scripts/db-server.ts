/**
 * `npm run db:server`: a local libSQL server (sqld) for Apsis instances to share.
 *
 *   npm run db:server                                   # a primary: data/sqld, HTTP/WebSocket 127.0.0.1:8081, gRPC 127.0.0.1:5001
 *   npm run db:server -- --replica-of http://127.0.0.1:5001   # a read replica: data/sqld-replica, HTTP/WebSocket 127.0.0.1:8082
 *   npm run db:server -- --data /srv/sqld --http 9000 --grpc 9001 --host 0.0.0.0
 * (a replica has no gRPC port of its own: it reads from its primary's)
 *
 * It prints the DATABASE_URL for the instances and the gRPC URL for replicas, and stays in the foreground (Ctrl-C
 * stops the server). README → Several instances, several machines.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startSqld } from './sqld.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    http: { type: 'string' },
    grpc: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    'replica-of': { type: 'string' },
  },
});
const replicaOf = values['replica-of'];
const port = (text: string | undefined, fallback: number) => {
  const n = text === undefined ? fallback : Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`not a port: ${text}`);
  return n;
};
const server = await startSqld({
  dataDir: resolve(values.data ?? (replicaOf ? 'data/sqld-replica' : 'data/sqld')),
  httpPort: port(values.http, replicaOf ? 8082 : 8081),
  grpcPort: replicaOf ? undefined : port(values.grpc, 5001),
  host: values.host,
  replicaOf,
  stdio: 'inherit',
});
console.log(`sqld ${replicaOf ? `replica of ${replicaOf}` : 'primary'}; data ${server.dataDir}`);
console.log(`  DATABASE_URL=${server.wsUrl}    (Hrana over WebSocket; ${server.httpUrl} for Hrana over HTTP)`);
if (!replicaOf) console.log(`  replicas: npm run db:server -- --replica-of ${server.grpcUrl}`);
const stop = () => void server.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.child.once('exit', (code) => process.exit(code ?? 1));
