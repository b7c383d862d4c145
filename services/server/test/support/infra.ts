import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { startLocalS3 } from '@afterglow/storage/test-support/local-s3';

/** True when CI (or a developer) provides PostgreSQL, NATS JetStream and Redis. */
export const infraAvailable = !!(
  process.env.TEST_DATABASE_URL &&
  process.env.NATS_URL &&
  process.env.REDIS_URL
);

/** How the integration tests run the product: embedded always, and on the real services when provided. */
export const PROFILES: { name: string; infra: boolean }[] = [
  { name: 'embedded: PGlite, fs, in-memory bus', infra: false },
  ...(infraAvailable ? [{ name: 'real services: PostgreSQL, NATS JetStream, Redis, S3', infra: true }] : []),
];

export type { S3rverCtor, S3rverInstance } from '@afterglow/storage/test-support/local-s3';

export interface Infra {
  env: Record<string, string>;
  teardown(): Promise<void>;
}

/**
 * A private slice of the real services for one test run: a fresh PostgreSQL database, a unique
 * JetStream stream, Redis, and an s3rver started here. Everything is removed afterwards.
 */
export async function provisionInfra(): Promise<Infra> {
  const id = Math.random().toString(36).slice(2, 10);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const dbName = `afterglow_it_${id}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(process.env.TEST_DATABASE_URL!);
  dbUrl.pathname = `/${dbName}`;

  const s3 = await startLocalS3('afterglow-it');
  const stream = `AGIT_${id.toUpperCase()}`;

  return {
    env: {
      DATABASE_URL: dbUrl.href,
      NATS_URL: process.env.NATS_URL!,
      NATS_STREAM: stream,
      NATS_SUBJECT_PREFIX: `agit${id}`,
      REDIS_URL: process.env.REDIS_URL!,
      S3_ENDPOINT: s3.options.endpoint!,
      S3_BUCKET: s3.options.bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      AFTERGLOW_SECRET: `it-secret-${id}-0123456789abcdefghijklmnop`,
    },
    async teardown() {
      await s3.close();
      const nc = await connect({ servers: process.env.NATS_URL! });
      const jsm = await jetstreamManager(nc);
      for await (const s of jsm.streams.list()) {
        if (s.config.name.startsWith(stream)) await jsm.streams.delete(s.config.name).catch(() => {});
      }
      await nc.close();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
  };
}
