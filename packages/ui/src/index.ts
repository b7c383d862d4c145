export * from './api';
export * from './toast';
export * from './button';
export * from './feedback';
export * from './theme';
export * from './auth';
