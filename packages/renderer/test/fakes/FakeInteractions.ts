/**
 * interactions.* of FakeApi: what servers ask of the user, pushed by a test (`request`) the way
 * the InteractionBroker lists it; answers are recorded and end the interaction. Form values are
 * checked with the same shared validation main uses, so a wrong answer is refused like the router
 * refuses it (VALIDATION with field errors).
 */
import { validateElicitAnswer } from '@elftia/desktop/shared/contracts/elicitation.ts';
import type { InteractionAnswer, InteractionsState, PendingInteraction, SampledResult } from '@elftia/desktop/shared/contracts/interactions.ts';
import type { ElftiaApi } from '../../src/lib/api';
import { type CallRecorder, FakeTrpcError, validationError } from './CallRecorder';
import { Channel } from './channels';

export class FakeInteractions {
  pending: PendingInteraction[] = [];
  sampled: SampledResult[] = [];
  /** What interactions.answer reports for an accepted URL: whether main opened the page. */
  opensUrls = true;
  readonly channel = new Channel<InteractionsState>(() => this.state());

  constructor(private readonly recorder: CallRecorder) {}

  state(): InteractionsState {
    return { pending: [...this.pending], sampled: [...this.sampled] };
  }

  /** A server asks: the interaction is listed and pushed to subscribers. */
  request(interaction: PendingInteraction): void {
    this.pending.push(interaction);
    this.channel.emit();
  }

  /** A sampling request's completion went back to the server. */
  sample(result: SampledResult): void {
    this.sampled.push(result);
    this.channel.emit();
  }

  /** The server gave up, or the turn stopped. */
  cancel(id: string): void {
    this.pending = this.pending.filter((interaction) => interaction.id !== id);
    this.channel.emit();
  }

  readonly api: ElftiaApi['interactions'] = {
    state: { query: () => this.recorder.run('interactions.state', undefined, () => this.state()) },
    answer: { mutate: (input) => this.recorder.run('interactions.answer', input, () => this.answer(input.id, input.answer)) },
    onChanged: { subscribe: this.channel.subscribe },
  };

  private answer(id: string, answer: InteractionAnswer) {
    const interaction = this.pending.find((entry) => entry.id === id);
    if (!interaction) throw new FakeTrpcError({ code: 'NOT_FOUND', params: { id } });
    if (interaction.kind === 'form' && answer.action === 'accept') {
      const checked = validateElicitAnswer(interaction.fields, answer.content ?? {});
      if (!checked.ok) throw validationError(checked.errors);
    }
    this.cancel(id);
    return interaction.kind === 'url' && answer.action === 'accept' ? { opened: this.opensUrls } : {};
  }
}
