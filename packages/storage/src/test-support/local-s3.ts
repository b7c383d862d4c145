import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3StoreOptions } from '../s3';

/** The part of @20minutes/s3rver (no type declarations) that tests use. */
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

export interface LocalS3 {
  /** options for createS3Store: this server, its credentials, a bucket made on first check() */
  options: S3StoreOptions;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on a free loopback port, its files in a temporary directory. */
export async function startLocalS3(bucket = 'afterglow-test'): Promise<LocalS3> {
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverCtor;
  const directory = await mkdtemp(join(tmpdir(), 'afterglow-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [] });
  const { port } = await server.run();
  return {
    options: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      createBucket: true,
    },
    async close() {
      await server.close().catch(() => {});
      await rm(directory, { recursive: true, force: true });
    },
  };
}
