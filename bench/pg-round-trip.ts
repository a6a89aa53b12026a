/**
 * npx tsx bench/pg-round-trip.ts [--requests 5000]
 *
 * What one small statement's round trip to PostgreSQL costs the client on this machine: the
 * wall time and this process's CPU (user, system) per statement, sequential on one connection, over TCP
 * to 127.0.0.1 and over the Unix socket. Read beside a CPU profile under load, where `writev` of the
 * query's bytes shows as a large share: the profile counts wall time, and on two cores the PostgreSQL
 * backend the write wakes runs on the server's core while the server's thread waits in the syscall.
 */
import pg from 'pg';
import { numberArg } from './scale-db';

const requests = numberArg('requests', 5000);
const text = 'select "version" from (select 1 as "version") as "v" where $1::int = 1';
const targets: Array<[string, pg.ClientConfig]> = [
  ['TCP 127.0.0.1', { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' }],
  ['Unix socket', { host: '/var/run/postgresql', user: 'postgres', database: 'test' }],
];
for (const [name, config] of targets) {
  const client = new pg.Client(config);
  await client.connect();
  try {
    for (let i = 0; i < 500; i++) await client.query({ text, values: [1] });
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (let i = 0; i < requests; i++) await client.query({ text, values: [1] });
    const used = process.cpuUsage(cpu);
    const perUs = (x: number) => (x / requests).toFixed(0);
    console.log(
      `${name}: ${(((performance.now() - started) / requests) * 1000).toFixed(0)} µs a round trip; this process's CPU ${perUs(used.user + used.system)} µs (user ${perUs(used.user)}, system ${perUs(used.system)})`,
    );
  } finally {
    await client.end();
  }
}
