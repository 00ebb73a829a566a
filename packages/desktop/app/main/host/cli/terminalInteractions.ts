/**
 * What servers ask during `elftia chat` and `elftia mcp call`, answered on the terminal: a form one
 * field at a time (its type, default and choices shown), a web page only after y/N, a sampling
 * request after y/N. Without a terminal nobody can answer: forms and pages are declined and sampling
 * is rejected, each said on stderr. Prompts go to stderr, answers come from stdin, one question at a
 * time; a question the server or the call gives up on stops being asked.
 */
import { elicitDefaults, type ElicitField, type ElicitValue, validateElicitAnswer } from '../../../shared/contracts/elicitation';
import type { InteractionAnswer, PendingInteraction } from '../../../shared/contracts/interactions';
import type { InteractionBroker } from '../../interactions/InteractionBroker';
import type { Translate } from '../messages';
import type { LineReader } from './chatApproval';
import { terminalText } from './terminalText';

export interface TerminalInteractionsOptions {
  broker: Pick<InteractionBroker, 'onEvent' | 'answer'>;
  /** Stdin's lines when a person answers at a terminal; undefined: nobody can answer. */
  lines: LineReader | undefined;
  stderr: (text: string) => void;
  t: Translate;
}

/** Answers every interaction the broker lists until the returned function is called. */
export function answerOnTerminal(options: TerminalInteractionsOptions): () => void {
  const { broker, lines, stderr, t } = options;
  const ended = new Map<string, AbortController>();
  let queue: Promise<void> = Promise.resolve();
  const stop = broker.onEvent((event) => {
    if (event.type === 'resolved') ended.get(event.id)?.abort();
    if (event.type !== 'requested') return;
    const interaction = event.interaction;
    const controller = new AbortController();
    ended.set(interaction.id, controller);
    queue = queue.then(async () => {
      const answer = lines ? await ask(interaction, lines, controller.signal, stderr, t) : refuse(interaction, stderr, t);
      ended.delete(interaction.id);
      if (controller.signal.aborted || answer === undefined) return;
      try {
        await broker.answer(interaction.id, answer);
      } catch {
        // Answered or given up while the user typed: nothing waits for this answer any more.
      }
    });
  });
  return stop;
}

function refuse(interaction: PendingInteraction, stderr: (text: string) => void, t: Translate): InteractionAnswer {
  stderr(`${t(`cli/messages:interactions.notInteractive.${interaction.kind}`, { server: interaction.serverName })}\n`);
  return interaction.kind === 'sampling' ? { action: 'reject' } : { action: 'decline' };
}

type Ask = (question: string) => Promise<string | undefined>;

async function ask(interaction: PendingInteraction, lines: LineReader, signal: AbortSignal, stderr: (text: string) => void, t: Translate): Promise<InteractionAnswer | undefined> {
  const question: Ask = async (text) => {
    stderr(text);
    const line = await lines.next(signal);
    return line === undefined ? undefined : line.trim();
  };
  const server = clean(interaction.serverName);
  switch (interaction.kind) {
    case 'form': {
      stderr(`\n${t('cli/messages:interactions.form.title', { server })}\n${clean(interaction.message)}\n`);
      const start = (await question(t('cli/messages:interactions.form.start')))?.toLowerCase();
      if (start === undefined || start === 'c' || start === 'cancel') return { action: 'cancel' };
      if (start === 'd' || start === 'decline') return { action: 'decline' };
      const content = await fillForm(interaction.fields, question, stderr, t);
      return content === undefined ? { action: 'cancel' } : { action: 'accept', content };
    }
    case 'url': {
      stderr(`\n${t('cli/messages:interactions.url.title', { server, host: clean(interaction.host) })}\n${clean(interaction.message)}\n${clean(interaction.url)}\n`);
      const yes = isYes(await question(t('cli/messages:interactions.url.question')));
      return { action: yes ? 'accept' : 'decline' };
    }
    case 'sampling': {
      stderr(`\n${t('cli/messages:interactions.sampling.title', { server, maxTokens: interaction.maxTokens })}\n`);
      if (interaction.systemPrompt) stderr(`${t('cli/messages:interactions.sampling.system', { text: clean(interaction.systemPrompt) })}\n`);
      for (const message of interaction.messages) stderr(`${message.role}: ${clean(message.text)}\n`);
      const yes = isYes(await question(t('cli/messages:interactions.sampling.question')));
      return { action: yes ? 'approve' : 'reject' };
    }
    default:
      return undefined;
  }
}

/** One prompt per field; a value that does not fit is asked again with the reason. Undefined at the end of input. */
async function fillForm(fields: readonly ElicitField[], question: Ask, stderr: (text: string) => void, t: Translate): Promise<Record<string, ElicitValue> | undefined> {
  const defaults = elicitDefaults(fields);
  const content: Record<string, ElicitValue> = {};
  for (const field of fields) {
    for (;;) {
      const line = await question(fieldPrompt(field, defaults[field.name], t));
      if (line === undefined) return undefined;
      const value = line === '' ? defaults[field.name] : parseValue(field, line);
      const single = value === undefined ? {} : { [field.name]: value };
      const checked = validateElicitAnswer([field], single);
      if (checked.ok) {
        Object.assign(content, checked.content);
        break;
      }
      for (const error of checked.errors) stderr(`  ${t(`validation.${error.code}`, error.params)}\n`);
    }
  }
  return content;
}

function fieldPrompt(field: ElicitField, fallback: ElicitValue | undefined, t: Translate): string {
  const label = clean(field.title ?? field.name);
  const kind = kindText(field, t);
  const choices = field.kind === 'choice' || field.kind === 'multi' ? `\n${field.options.map((option, index) => `  ${index + 1}) ${clean(option.title)}`).join('\n')}` : '';
  const mark = field.required ? '*' : '';
  const shown = fallback === undefined ? '' : ` [${Array.isArray(fallback) ? fallback.join(',') : String(fallback)}]`;
  const description = field.description ? ` – ${clean(field.description)}` : '';
  return `${label}${mark} (${kind})${description}${choices}\n${shown ? `${shown.trim()} ` : ''}> `;
}

function kindText(field: ElicitField, t: Translate): string {
  switch (field.kind) {
    case 'text':
      return field.format ?? t('cli/messages:interactions.form.kinds.text');
    case 'number':
      return t(field.integer ? 'cli/messages:interactions.form.kinds.integer' : 'cli/messages:interactions.form.kinds.number');
    case 'boolean':
      return t('cli/messages:interactions.form.kinds.boolean');
    case 'choice':
      return t('cli/messages:interactions.form.kinds.choice');
    case 'multi':
      return t('cli/messages:interactions.form.kinds.multi');
    default:
      return '';
  }
}

/** The typed text as the field's kind: a number, y/n, an option's number or value, a comma-separated list of them. */
function parseValue(field: ElicitField, text: string): ElicitValue {
  switch (field.kind) {
    case 'text':
      return text;
    case 'number': {
      const value = Number(text);
      return Number.isFinite(value) ? value : text;
    }
    case 'boolean':
      return isYes(text) ? true : ['n', 'no', 'false'].includes(text.toLowerCase()) ? false : text;
    case 'choice':
      return optionValue(field.options, text);
    case 'multi':
      return text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '')
        .map((part) => optionValue(field.options, part));
    default:
      return text;
  }
}

function optionValue(options: ReadonlyArray<{ value: string; title: string }>, text: string): string {
  const index = /^\d+$/.test(text) ? Number(text) - 1 : -1;
  return options[index]?.value ?? options.find((option) => option.title.toLowerCase() === text.toLowerCase())?.value ?? text;
}

function isYes(text: string | undefined): boolean {
  return text !== undefined && ['y', 'yes', 'true'].includes(text.toLowerCase());
}

/** A server's words on the terminal: no control sequences of its own. */
function clean(text: string): string {
  return terminalText(text);
}
