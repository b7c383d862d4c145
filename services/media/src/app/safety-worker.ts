import { serveInThread } from '@afterglow/faces/thread';
import { classifyRgb, type SafetyClasses } from './safety-model';

/**
 * The AI safety filter's thread (ADR 027, ADR 038): the model scores one picture at a time here, at
 * the lowest scheduling priority, so during a party's burst it takes only the CPU that acknowledging
 * uploads and developing photos leave, and catches up after it. The built server runs it from
 * `safety-worker.mjs` beside the bundle; tests and tsx from this file.
 */
serveInThread<Uint8Array, SafetyClasses>(classifyRgb, { background: true });
