/**
 * A provider's model list, read leniently: entries without a usable id are left out (not the
 * reason the whole list fails), ids are unique, and at most LISTED_MODELS_MAX_COUNT are kept, so a
 * proxy listing thousands of models cannot flood the picker or the cache.
 */
import { ID_MAX_LENGTH, LISTED_MODELS_MAX_COUNT } from '../../shared/contracts/limits';
import { hasHiddenCharacters, withoutHiddenCharacters } from '../../shared/contracts/names';
import type { ListedModel } from '../../shared/contracts/providers';
import { malformedStream } from './errors';

export interface RawModel {
  id: unknown;
  name?: unknown;
}

/** Reads `entries` (pages fetched as iterated) until the list is full. */
export async function collectModels(entries: AsyncIterable<RawModel>): Promise<ListedModel[]> {
  const models = new Map<string, ListedModel>();
  for await (const entry of entries) {
    const model = toListedModel(entry);
    if (model && !models.has(model.id)) models.set(model.id, model);
    if (models.size >= LISTED_MODELS_MAX_COUNT) break;
  }
  return [...models.values()];
}

function toListedModel(entry: RawModel): ListedModel | undefined {
  if (typeof entry.id !== 'string') return undefined;
  const id = entry.id.trim();
  // An id with a line break or an invisible character (U+202E shows it reversed) cannot be chosen
  // (the conversation's model refuses it); a name with them is shown without them.
  if (id === '' || id.length > ID_MAX_LENGTH || hasHiddenCharacters(id)) return undefined;
  const name = typeof entry.name === 'string' ? withoutHiddenCharacters(entry.name).trim().slice(0, ID_MAX_LENGTH) : '';
  return name !== '' && name !== id ? { id, name } : { id };
}

/** Maps each entry of `source` as it is iterated. */
export async function* mapEntries<T>(source: AsyncIterable<T>, map: (entry: T) => RawModel | undefined): AsyncGenerator<RawModel> {
  for await (const entry of source) {
    const mapped = map(entry);
    if (mapped) yield mapped;
  }
}

/**
 * Pages read at most: the APIs' pages hold up to 1000 models, so this is far past any real list; a
 * server that answers "more" forever (the same cursor again) is read this far, not until the timeout.
 */
export const MODEL_LIST_MAX_PAGES = 20;

/** A page of an official SDK's list call: its parsed answer is `body` (protected in the SDKs' types). */
interface SdkPage {
  iterPages(): AsyncIterable<object>;
}

/**
 * The entries of every page `first` starts, refusing an answer that is not a model list: the SDKs
 * read a page without `data` as an empty list, so a web page or a JSON error document at a wrong base
 * URL would list no models and fail nothing. Unparsable JSON is a garbled answer, not an unreachable
 * host. At most MODEL_LIST_MAX_PAGES pages.
 */
export async function* pageEntries<T>(first: () => Promise<SdkPage>): AsyncGenerator<T> {
  let pages = 0;
  try {
    for await (const page of (await first()).iterPages()) {
      const body = (page as { body?: unknown }).body;
      const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
      if (!Array.isArray(data)) throw malformedStream('The answer at this address is not a model list (no "data" array): check the base URL.');
      yield* data as T[];
      pages += 1;
      if (pages >= MODEL_LIST_MAX_PAGES) return;
    }
  } catch (error) {
    if (error instanceof SyntaxError) throw malformedStream(`The model list is not valid JSON (${error.message}): check the base URL.`);
    throw error;
  }
}

/** What the Gemini SDK's Pager offers to read it page by page. */
interface Pager<T> {
  readonly page: T[];
  hasNextPage(): boolean;
  nextPage(): Promise<T[]>;
}

/** The entries of the pager's pages, at most MODEL_LIST_MAX_PAGES of them. */
export async function* pagerEntries<T>(pager: Pager<T>): AsyncGenerator<T> {
  yield* pager.page ?? [];
  for (let pages = 1; pages < MODEL_LIST_MAX_PAGES && pager.hasNextPage(); pages += 1) yield* await pager.nextPage();
}
