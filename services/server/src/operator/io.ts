/** What an operator command reads and writes: the process's streams, or a test's stand-ins. */
export interface OperatorIo {
  /** where a new password comes from: a pipe is read to its end, a terminal is asked (without echo) */
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?(raw: boolean): unknown };
  /** one line of the command's answer (standard output) */
  out(line: string): void;
  /** one line of explanation or error (standard error) */
  err(line: string): void;
  /** a prompt on the terminal, without a line break (standard error) */
  ask(text: string): void;
}

export const processIo = (): OperatorIo => ({
  stdin: process.stdin,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  ask: (text) => void process.stderr.write(text),
});

/** A failure the command explains in one message (exit code 1 unless said otherwise). */
export class OperatorError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
