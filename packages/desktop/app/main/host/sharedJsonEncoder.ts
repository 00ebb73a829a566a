/**
 * The WebSocket bridge's message encoding: JSON, as tRPC's default, except that a value a
 * SharedFeed handed to many subscribers (routers/sharedFeed.ts) is serialized once and
 * the text reused in every subscriber's message. Each message still differs (its id), so only the
 * value is cached, by identity: the feed freezes it, and a new change is a new object.
 */
import crypto from 'node:crypto';
import type { Encoder } from '@trpc/server/adapters/ws';
import { isShared } from '../routers/sharedFeed';

interface DataMessage {
  result: { type: 'data'; data: unknown };
}

function sharedData(message: unknown): object | undefined {
  const result = (message as Partial<DataMessage> | null)?.result;
  return result?.type === 'data' && isShared(result.data) ? result.data : undefined;
}

export function sharedJsonEncoder(): Encoder {
  const texts = new WeakMap<object, string>();
  // Stands in for the value while the rest of the message is serialized; random, so no real string equals it.
  const token = `elftia-shared-${crypto.randomUUID()}`;
  const placeholder = JSON.stringify(token);
  return {
    encode(message) {
      const data = sharedData(message);
      if (data === undefined) return JSON.stringify(message);
      let text = texts.get(data);
      if (text === undefined) {
        text = JSON.stringify(data);
        texts.set(data, text);
      }
      const { result } = message as DataMessage;
      const frame = JSON.stringify({ ...(message as object), result: { ...result, data: token } });
      const shared = text;
      return frame.replace(placeholder, () => shared);
    },
    decode(data) {
      if (typeof data !== 'string') throw new Error('the bridge speaks JSON in text frames');
      return JSON.parse(data) as unknown;
    },
  };
}
