import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/free-port.mjs';

/**
 * A real OpenLDAP server (Debian's slapd) for the directory tests: a temporary directory with a
 * self-signed certificate (for StartTLS), a test tree loaded offline with slapadd, and slapd on
 * a free loopback port. Anonymous users may not search: a service account must bind first.
 */
export const SLAPD = '/usr/sbin/slapd';
export const SLAPADD = '/usr/sbin/slapadd';
export const SUFFIX = 'dc=gpms,dc=test';
export const SERVICE_DN = `cn=gpms-svc,ou=system,${SUFFIX}`;
export const SERVICE_PASSWORD = 'svc-Secret-1';

export interface TestUser {
  uid: string;
  password: string;
  name: string;
  mail?: string;
  dept?: string;
  mobile?: string;
  disabled?: boolean;
}

export interface Slapd {
  url: string;
  port: number;
  caFile: string;
  stop(): Promise<void>;
}

/** Whether slapd is installed; under CI its absence is an error naming the packages. */
export function slapdAvailability(): { available: boolean; message: string } {
  const available =
    fs.existsSync(SLAPD) && fs.existsSync(SLAPADD) && fs.existsSync('/etc/ldap/schema/inetorgperson.schema');
  return {
    available,
    message:
      'OpenLDAP is not installed: apt-get install -y slapd ldap-utils (the directory tests start their own slapd)',
  };
}

function ldif(users: TestUser[]): string {
  const lines = [
    `dn: ${SUFFIX}`,
    'objectClass: dcObject',
    'objectClass: organization',
    'o: GPMS test',
    'dc: gpms',
    '',
    `dn: ou=system,${SUFFIX}`,
    'objectClass: organizationalUnit',
    'ou: system',
    '',
    `dn: ou=people,${SUFFIX}`,
    'objectClass: organizationalUnit',
    'ou: people',
    '',
    `dn: ${SERVICE_DN}`,
    'objectClass: organizationalRole',
    'objectClass: simpleSecurityObject',
    'cn: gpms-svc',
    `userPassword: ${SERVICE_PASSWORD}`,
    '',
  ];
  for (const u of users) {
    lines.push(
      `dn: uid=${u.uid},ou=people,${SUFFIX}`,
      'objectClass: inetOrgPerson',
      `uid: ${u.uid}`,
      `cn: ${u.uid}`,
      `sn: ${u.uid}`,
    );
    // Korean names are UTF-8: base64 in LDIF.
    lines.push(`displayName:: ${Buffer.from(u.name, 'utf8').toString('base64')}`, `userPassword: ${u.password}`);
    if (u.mail) lines.push(`mail: ${u.mail}`);
    if (u.dept) lines.push(`departmentNumber: ${u.dept}`);
    if (u.mobile) lines.push(`mobile: ${u.mobile}`);
    if (u.disabled) lines.push('employeeType: disabled');
    lines.push('');
  }
  return lines.join('\n');
}

async function waitForPort(port: number, child: ChildProcess, log: () => string, timeoutMs = 15000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}:\n${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`slapd did not listen on ${port} within ${timeoutMs} ms:\n${log()}`);
}

export async function startSlapd(users: TestUser[]): Promise<Slapd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-slapd-'));
  const dbDir = path.join(dir, 'db');
  fs.mkdirSync(dbDir);
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  const conf = path.join(dir, 'slapd.conf');
  fs.writeFileSync(
    conf,
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      `pidfile ${dir}/slapd.pid`,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `TLSCertificateFile ${cert}`,
      `TLSCertificateKeyFile ${key}`,
      'database mdb',
      'maxsize 10485760',
      `suffix "${SUFFIX}"`,
      `rootdn "cn=admin,${SUFFIX}"`,
      `directory ${dbDir}`,
      'access to attrs=userPassword by anonymous auth by self read by * none',
      'access to * by users read by * none',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(dir, 'tree.ldif'), ldif(users));
  execFileSync(SLAPADD, ['-f', conf, '-l', path.join(dir, 'tree.ldif')], { stdio: 'pipe' });
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(SLAPD, ['-f', conf, '-h', `${url}/`, '-d', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  await waitForPort(port, child, () => output);
  return {
    url,
    port,
    caFile: cert,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
