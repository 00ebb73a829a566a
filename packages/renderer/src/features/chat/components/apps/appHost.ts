import { createContext, useContext } from 'react';

/** What an app in a conversation's card may reach beyond its own card. */
export interface AppHost {
  conversationId: string;
  /** `ui/message`: the app's text goes into the composer for the user to read and send (never sent by itself). */
  putInComposer(text: string): void;
}

/** Provided by the open conversation; a card shown outside one shows no app. */
export const AppHostContext = createContext<AppHost | undefined>(undefined);

export function useAppHost(): AppHost | undefined {
  return useContext(AppHostContext);
}
