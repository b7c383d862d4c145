import { randomBytes } from 'node:crypto';
import { OperatorError, type OperatorIo } from './io';

/** 18 random bytes: 24 characters of base64url, 144 bits. */
export const generatePassword = (): string => randomBytes(18).toString('base64url');

const MAX_INPUT = 64 * 1024;

/** A password piped in (`echo 'new pass' | afterglow reset-password …`): one line, its break dropped. */
export async function readPipedPassword(stdin: OperatorIo['stdin']): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.length > MAX_INPUT) throw new OperatorError('Standard input is too long for a password.');
  }
  const line = text.replace(/\r?\n$/, '');
  if (!line)
    throw new OperatorError(
      "No password on standard input: pipe one in (echo 'new password' | afterglow reset-password <email>), " +
        'or use --generate.',
    );
  if (/[\r\n]/.test(line)) throw new OperatorError('Give the new password on one line.');
  return line;
}

/**
 * Asks on the terminal, without echo, one answer per prompt. Backspace edits; Ctrl-C or Ctrl-D
 * cancels; arrow keys and other escape sequences are ignored.
 */
export function askHidden(io: OperatorIo, prompts: string[]): Promise<string[]> {
  const { stdin } = io;
  return new Promise((resolve, reject) => {
    const answers: string[] = [];
    let current = '';
    let escape: '' | 'esc' | 'csi' = '';
    const finish = (err?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      if (err) {
        io.ask('\n');
        reject(err);
      } else resolve(answers);
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of typeof chunk === 'string' ? chunk : chunk.toString('utf8')) {
        if (escape === 'esc') escape = ch === '[' || ch === 'O' ? 'csi' : '';
        else if (escape === 'csi') {
          if (/[A-Za-z~]/.test(ch)) escape = '';
        } else if (ch === '\u001b') escape = 'esc';
        else if (ch === '\u0003' || (ch === '\u0004' && !current))
          return finish(new OperatorError('Cancelled: the password is unchanged.'));
        else if (ch === '\r' || ch === '\n') {
          answers.push(current);
          current = '';
          io.ask('\n');
          if (answers.length === prompts.length) return finish();
          io.ask(prompts[answers.length]!);
        } else if (ch === '\u007f' || ch === '\b') current = [...current].slice(0, -1).join('');
        else if (ch >= ' ') current += ch;
      }
    };
    io.ask(prompts[0]!);
    stdin.setRawMode?.(true);
    stdin.on('data', onData);
    stdin.resume();
  });
}

/** The new password: generated, read from a pipe, or asked twice on a terminal. */
export async function newPassword(io: OperatorIo, generate: boolean): Promise<string> {
  if (generate) return generatePassword();
  if (!io.stdin.isTTY) return readPipedPassword(io.stdin);
  const [first, second] = await askHidden(io, ['New password: ', 'Repeat the new password: ']);
  if (first !== second) throw new OperatorError('The two passwords differ: the password is unchanged.');
  return first!;
}
