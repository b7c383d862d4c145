import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';

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

export interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
export type S3rverCtor = new (o: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

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

  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverCtor;
  const s3dir = await mkdtemp(join(tmpdir(), 'afterglow-s3-'));
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3dir,
    configureBuckets: [],
  });
  const { port } = await s3.run();
  const stream = `AGIT_${id.toUpperCase()}`;

  return {
    env: {
      DATABASE_URL: dbUrl.href,
      NATS_URL: process.env.NATS_URL!,
      NATS_STREAM: stream,
      NATS_SUBJECT_PREFIX: `agit${id}`,
      REDIS_URL: process.env.REDIS_URL!,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'afterglow-it',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      AFTERGLOW_SECRET: `it-secret-${id}-0123456789abcdefghijklmnop`,
    },
    async teardown() {
      await s3.close().catch(() => {});
      await rm(s3dir, { recursive: true, force: true });
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
