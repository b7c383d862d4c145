import { describe, expect, it } from 'vitest';
import { HttpError, isUnavailableError, problem, problemSchema } from './problem';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('isUnavailableError', () => {
  it('recognises a dependency that is away, also when wrapped', () => {
    expect(isUnavailableError(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    // drizzle wraps the driver's error as `cause`
    const shutdown = pgError('57P01', 'terminating connection due to administrator command');
    expect(isUnavailableError(new Error('Failed query: select 1', { cause: shutdown }))).toBe(true);
    expect(isUnavailableError(pgError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isUnavailableError(pgError('08006', 'connection failure'))).toBe(true);
    expect(isUnavailableError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnavailableError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isUnavailableError(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
    expect(
      isUnavailableError(Object.assign(new Error('SlowDown'), { $metadata: { httpStatusCode: 503 } })),
    ).toBe(true);
    expect(isUnavailableError(new HttpError(503, 'unavailable', 'away'))).toBe(true);
    expect(isUnavailableError(Object.assign(new Error('no responders'), { code: 'no_responders' }))).toBe(
      true,
    );
  });

  it('leaves real errors alone', () => {
    expect(isUnavailableError(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(
      false,
    );
    expect(isUnavailableError(pgError('42P01', 'relation "x" does not exist'))).toBe(false);
    expect(isUnavailableError(new HttpError(403, 'no_shots_remaining', 'No shots remaining'))).toBe(false);
    expect(
      isUnavailableError(Object.assign(new Error('NoSuchKey'), { $metadata: { httpStatusCode: 404 } })),
    ).toBe(false);
    expect(isUnavailableError(new TypeError('x is undefined'))).toBe(false);
    expect(isUnavailableError(null)).toBe(false);
  });
});

describe('problem', () => {
  it('builds the one error shape, the same one HttpError answers with', () => {
    expect(problem(408, 'request_timeout', 'The request took too long to arrive')).toEqual({
      type: 'https://afterglow.app/problems/request_timeout',
      title: 'Request Timeout',
      status: 408,
      detail: 'The request took too long to arrive',
      error: 'The request took too long to arrive',
      code: 'request_timeout',
    });
    const errors = [{ path: 'name', message: 'Event name is required' }];
    const err = new HttpError(400, 'validation_failed', 'Event name is required', errors);
    expect(err.toProblem('abc')).toEqual(
      problem(400, 'validation_failed', 'Event name is required', { traceId: 'abc', errors }),
    );
    expect(err.toProblem('abc')).toMatchObject({ title: 'Bad Request', traceId: 'abc', errors });
    expect(problemSchema.parse(err.toProblem())).toEqual(err.toProblem());
  });
});
