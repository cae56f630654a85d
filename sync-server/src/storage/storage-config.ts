/**
 * Where stored files live (issue 34), read from the environment beside config.ts:
 * - MEDIA_STORE unset or `disk`: DATA_DIR, exactly as before (the default `npm start` needs no bucket).
 * - MEDIA_STORE=s3: one S3-compatible bucket holds every stored file (tus uploads, ladders, posters and
 *   thumbnails, application videos): S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID,
 *   S3_SECRET_ACCESS_KEY, and S3_FORCE_PATH_STYLE (default true: http://host/bucket/key, what Ceph RGW,
 *   MinIO and most S3-compatible servers answer without a wildcard DNS name; false for virtual-hosted
 *   AWS-style addressing), S3_MEDIA_ORIGIN_PUBLIC (default false: true sets a bucket policy letting
 *   anyone read `media/`, so nginx can fetch segments as the origin without signing; keep the endpoint
 *   where only nginx reaches it; deploy/nginx-s3.conf).
 */
import { z } from 'zod'

export type StorageConfig = Readonly<
  | { kind: 'disk' }
  | {
      kind: 's3'
      endpoint: string | undefined
      bucket: string
      region: string
      accessKeyId: string
      secretAccessKey: string
      forcePathStyle: boolean
      /** S3_MEDIA_ORIGIN_PUBLIC: let anyone read media/ (nginx as the origin's only client; deploy/nginx-s3.conf). */
      mediaOriginPublic: boolean
    }
>

const text = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))

const schema = z.object({
  MEDIA_STORE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: text.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:7480' }).optional()),
  S3_BUCKET: text.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens' })
      .optional(),
  ),
  S3_REGION: text,
  S3_ACCESS_KEY_ID: text,
  S3_SECRET_ACCESS_KEY: text,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).default('true'),
  S3_MEDIA_ORIGIN_PUBLIC: z.enum(['true', 'false', '1', '0']).default('false'),
})

/** The storage settings, or the lines naming what is wrong (config.ts prints them with the rest). */
export function readStorageConfig(env: NodeJS.ProcessEnv): { config: StorageConfig } | { problems: string[] } {
  const parsed = schema.safeParse(env)
  if (!parsed.success) return { problems: parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`) }
  const e = parsed.data
  if (e.MEDIA_STORE === 'disk') return { config: Object.freeze({ kind: 'disk' }) }
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !e[name])
  if (missing.length) return { problems: missing.map((name) => `  ${name}: required with MEDIA_STORE=s3`) }
  return {
    config: Object.freeze({
      kind: 's3',
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET!,
      region: e.S3_REGION ?? 'us-east-1',
      accessKeyId: e.S3_ACCESS_KEY_ID!,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
      mediaOriginPublic: e.S3_MEDIA_ORIGIN_PUBLIC === 'true' || e.S3_MEDIA_ORIGIN_PUBLIC === '1',
    }),
  }
}
