import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Router } from 'express';
import type { Bus } from '@afterglow/bus';
import type { Database } from '@afterglow/db';
import type { ObjectStore, UrlSigner } from '@afterglow/storage';
import type { BaseConfig } from './config';
import type { Logger } from './logger';
import type { OriginPolicy } from './origins';

/** What the launcher hands every module. Adapters are chosen by config; the services never know which. */
export interface ServiceContext {
  config: BaseConfig;
  logger: Logger;
  database: Database;
  bus: Bus;
  store: ObjectStore;
  signer: UrlSigner;
  /** shared secret for principal headers, device cookies and signed URLs */
  secret: Buffer;
  /** the default origin users reach us at (PUBLIC_URL, or http://localhost:<port>) */
  publicUrl: string;
  /** every origin users may reach us at, and which one to give to whom */
  origins: OriginPolicy;
  /** where this process answers its own server-side calls (plain http on loopback) */
  internalUrl: string;
  /** modules already started in this process (the gateway mounts their routers in embedded mode) */
  local: ReadonlyMap<string, StartedModule>;
  /** every module this process runs, started or not (e.g. the media worker leaves a core to the web) */
  modules: readonly string[];
  /** the embedded identity provider's signing key (JWK), kept in the data dir */
  idpJwk?: Record<string, unknown>;
  server: Server;
}

export interface StartedModule {
  /** mounted at the root of the process's HTTP server; routes carry their full paths (/api/…) */
  router?: Router;
  /** WebSocket upgrades this module answers (already authenticated by the gateway) */
  upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** runs once every module of this process has started */
  afterStart?: () => void;
  /** extra readiness checks beyond db/bus/storage */
  ready?: () => Promise<void>;
  stop(): Promise<void>;
}

export interface ServiceModule {
  name: string;
  /** modules that must be started first when they run in the same process (start order only) */
  deps: string[];
  /**
   * Every module whose bus questions (`rpc.*` contracts) this one asks, whether or not it runs in the
   * same process. Not a start order: some ask each other (events asks billing for plans, billing asks
   * events for an event). services/server/src/module-asks.test.ts checks it against the code.
   */
  asks: string[];
  start(ctx: ServiceContext): Promise<StartedModule>;
}
