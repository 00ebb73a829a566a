/**
 * Questions on a terminal whose answers may be secret: the terminal's echo goes through a writer this
 * prompt mutes while a secret is typed, so a token never appears on screen (nor in a recorded
 * session). Lines typed ahead are kept for the next question. Ctrl+C (which a terminal in raw mode
 * delivers as a key, not a signal) ends the prompt as Interrupted.
 */
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { Interrupted } from './command';

export class TerminalPrompt {
  readonly #rl: readline.Interface;
  readonly #write: (text: string) => void;
  readonly #lines: string[] = [];
  #waiter: ((line: string | undefined) => void) | undefined;
  #ended = false;
  #interrupted = false;
  #muted = false;

  constructor(input: NodeJS.ReadableStream, write: (text: string) => void) {
    this.#write = write;
    const echo = new Writable({
      write: (chunk: Buffer | string, _encoding, done) => {
        if (!this.#muted) write(chunk.toString());
        done();
      },
    });
    this.#rl = readline.createInterface({ input, output: echo, terminal: true });
    this.#rl.on('line', (line) => {
      const waiter = this.#waiter;
      this.#waiter = undefined;
      if (waiter) waiter(line);
      else this.#lines.push(line);
    });
    this.#rl.on('SIGINT', () => {
      this.#interrupted = true;
      this.#rl.close();
    });
    this.#rl.on('close', () => {
      this.#ended = true;
      this.#waiter?.(undefined);
      this.#waiter = undefined;
    });
  }

  /** The answer; undefined at the end of input. Secret answers are not echoed. */
  async ask(question: string, options: { secret: boolean }): Promise<string | undefined> {
    // As readline's prompt: a line it redraws (after a backspace) starts with the question again.
    this.#muted = false;
    this.#rl.setPrompt(question);
    this.#rl.prompt();
    this.#muted = options.secret;
    try {
      const line = await this.#next();
      if (this.#interrupted) throw new Interrupted('SIGINT');
      return line;
    } finally {
      if (this.#muted) this.#write('\n');
      this.#muted = false;
    }
  }

  close(): void {
    this.#rl.close();
  }

  #next(): Promise<string | undefined> {
    const queued = this.#lines.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.#ended) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      this.#waiter = resolve;
    });
  }
}
