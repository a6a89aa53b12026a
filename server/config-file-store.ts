/**
 * FILE_STORE and the S3_* variables, validated with the rest of the
 * configuration: every bad variable is named in the one start-up message.
 */
export type FileStoreConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      bucket: string;
      prefix: string;
      endpoint: string | null;
      region: string;
      accessKeyId: string | null;
      secretAccessKey: string | null;
      forcePathStyle: boolean;
    };

type Env = Record<string, string | undefined>;

const S3_VARS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;
/** S3's bucket naming rules: 3–63 lower-case letters, digits, dots and hyphens, starting and ending alphanumeric. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

const given = (env: Env, name: string) => env[name] !== undefined && env[name] !== '';

export function loadFileStoreConfig(env: Env, problems: string[]): FileStoreConfig {
  const raw = env.FILE_STORE ?? '';
  if (raw === '' || raw === 'disk') {
    const stray = S3_VARS.filter((n) => given(env, n));
    if (stray.length > 0)
      problems.push(
        `${stray.join(', ')} set but FILE_STORE is not s3://bucket/prefix: files would still go to DATA_DIR`,
      );
    return { kind: 'disk' };
  }
  const m = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(raw);
  if (!m) {
    problems.push(`FILE_STORE="${raw}" must be "disk" or s3://bucket/prefix (such as s3://gpms-files/prod)`);
    return { kind: 'disk' };
  }
  const bucket = m[1];
  const prefix = (m[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (!BUCKET.test(bucket))
    problems.push(`FILE_STORE: bucket "${bucket}" must be 3–63 lower-case letters, digits, dots or hyphens`);
  if (prefix !== '' && !PREFIX.test(prefix))
    problems.push(`FILE_STORE: prefix "${prefix}" may hold letters, digits, '.', '_', '-' and '/' only`);
  let endpoint: string | null = null;
  if (given(env, 'S3_ENDPOINT')) {
    try {
      const url = new URL(env.S3_ENDPOINT!);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
      if (url.username || url.password)
        problems.push('S3_ENDPOINT must not carry credentials: use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
      endpoint = env.S3_ENDPOINT!;
    } catch {
      problems.push('S3_ENDPOINT must be an http:// or https:// URL (such as https://minio.example.co.kr:9000)');
    }
  }
  const keyId = given(env, 'S3_ACCESS_KEY_ID') ? env.S3_ACCESS_KEY_ID! : null;
  const secret = given(env, 'S3_SECRET_ACCESS_KEY') ? env.S3_SECRET_ACCESS_KEY! : null;
  if ((keyId === null) !== (secret === null))
    problems.push(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither (the SDK then uses AWS_* variables or the machine's role)",
    );
  const region = given(env, 'S3_REGION') ? env.S3_REGION! : 'us-east-1';
  if (!/^[a-z0-9-]{2,32}$/.test(region))
    problems.push(`S3_REGION="${region}" must be a region name such as ap-northeast-2`);
  const style = env.S3_FORCE_PATH_STYLE ?? '';
  if (style !== '' && style !== 'true' && style !== 'false')
    problems.push(`S3_FORCE_PATH_STYLE="${style}" must be true or false`);
  // On-premises servers (MinIO, Ceph) answer at one host name: path style unless told otherwise.
  const forcePathStyle = style === '' ? endpoint !== null : style === 'true';
  return { kind: 's3', bucket, prefix, endpoint, region, accessKeyId: keyId, secretAccessKey: secret, forcePathStyle };
}
