export * from './problem';
export * from './catalog';
export * from './events';
export * from './photos';
export * from './bus';
export * from './auth';
export * from './routes';
export * from './text';
