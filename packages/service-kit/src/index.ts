export * from './config';
export * from './logger';
export * from './principal';
export * from './http';
export * from './module';
export * from './sealed';
export * from './origins';
export * from './ttl-cache';
