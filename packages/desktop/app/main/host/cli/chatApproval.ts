/**
 * `elftia chat --approve ask`: the approval prompt on the terminal. Decisions go through the app's
 * ApprovalService, so a persisted "always allow" and the read-only policy apply exactly as in the
 * app, and an "always" answered here is the same revocable grant. Prompts go to stderr, one at a
 * time, answers come from stdin; the end of input denies.
 */
import readline from 'node:readline';
import type { ApprovalDecision, ApprovalRequest } from '../../../shared/contracts/chat';
import type { ApprovalGate, ApprovalHooks } from '../../engine/engineTypes';
import type { ApprovalService } from '../../approvals/ApprovalService';
import type { Translate } from '../messages';

/** Lines of stdin, read on demand. */
export class LineReader {
  private readonly lines: string[] = [];
  private readonly waiters: ((line: string | undefined) => void)[] = [];
  private ended = false;
  private readonly rl: readline.Interface;

  constructor(input: NodeJS.ReadableStream) {
    this.rl = readline.createInterface({ input, terminal: false });
    this.rl.on('line', (line) => {
      const waiter = this.waiters.shift();
      if (waiter) waiter(line);
      else this.lines.push(line);
    });
    this.rl.on('close', () => {
      this.ended = true;
      for (const waiter of this.waiters.splice(0)) waiter(undefined);
    });
  }

  /** The next line; undefined at the end of input or when `signal` aborts. */
  next(signal: AbortSignal): Promise<string | undefined> {
    const queued = this.lines.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.ended || signal.aborted) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const waiter = (line: string | undefined) => {
        signal.removeEventListener('abort', onAbort);
        resolve(line);
      };
      const onAbort = () => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        resolve(undefined);
      };
      this.waiters.push(waiter);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  close(): void {
    this.rl.close();
  }
}

interface Answer {
  decision: ApprovalDecision;
  confirmedDestructive?: boolean;
}

const ANSWERS: Record<string, ApprovalDecision> = { o: 'allow_once', once: 'allow_once', a: 'always_allow', always: 'always_allow', d: 'deny', deny: 'deny' };

export class TerminalApprovalGate implements ApprovalGate {
  /** Parallel tool calls ask together; the terminal asks one question at a time. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly service: Pick<ApprovalService, 'decide' | 'answer'>,
    private readonly lines: LineReader,
    private readonly stderr: (text: string) => void,
    private readonly t: Translate,
  ) {}

  decide(request: ApprovalRequest, signal: AbortSignal, hooks: ApprovalHooks = {}): Promise<ApprovalDecision> {
    return this.service.decide(request, signal, {
      onPending: (pending) => {
        hooks.onPending?.(pending);
        this.queue = this.queue.then(() => this.prompt(pending, signal));
      },
    });
  }

  private async prompt(request: ApprovalRequest, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return;
    const answer = await this.ask(request, signal);
    try {
      this.service.answer(request.callId, answer.decision, answer.confirmedDestructive ? { confirmedDestructive: true } : {});
    } catch {
      // The turn was stopped while the user was answering: nothing waits for this answer any more.
    }
  }

  private async ask(request: ApprovalRequest, signal: AbortSignal): Promise<Answer> {
    const { t } = this;
    this.stderr(`\n${t('cli/messages:chat.approve.call', { server: request.serverName ?? '-', tool: request.toolName, arguments: JSON.stringify(request.arguments) })}\n`);
    if (request.destructive) this.stderr(`${t('cli/messages:chat.approve.destructive')}\n`);
    for (;;) {
      this.stderr(t('cli/messages:chat.approve.question'));
      const line = await this.lines.next(signal);
      if (line === undefined) return { decision: 'deny' };
      const decision = ANSWERS[line.trim().toLowerCase()];
      if (decision === undefined) {
        this.stderr(`${t('cli/messages:chat.approve.invalid')}\n`);
        continue;
      }
      if (decision !== 'always_allow' || !request.destructive) return { decision };
      return this.confirmDestructive(signal);
    }
  }

  /** Like the app: always allowing a destructive tool needs a second, explicit confirmation. */
  private async confirmDestructive(signal: AbortSignal): Promise<Answer> {
    this.stderr(this.t('cli/messages:chat.approve.confirmAlways'));
    const line = await this.lines.next(signal);
    if (line?.trim().toLowerCase() === 'yes') return { decision: 'always_allow', confirmedDestructive: true };
    this.stderr(`${this.t('cli/messages:chat.approve.notConfirmed')}\n`);
    return { decision: 'allow_once' };
  }
}
