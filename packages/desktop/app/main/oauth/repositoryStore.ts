import type { OAuthCredentialRepository } from '../db/OAuthCredentialRepository';
import { type Clock, systemClock } from '../lib/clock';
import { asSignInState, type SignInStore } from './signInState';

/** The app's SignInStore: sealed rows of oauth_credentials (migration 0014). */
export function repositorySignInStore(repository: OAuthCredentialRepository, clock: Clock = systemClock): SignInStore {
  return {
    read: (serverId) => asSignInState(repository.read(serverId)),
    write: (serverId, state) => repository.write(serverId, state, new Date(clock.now()).toISOString()),
    delete: (serverId) => void repository.delete(serverId),
  };
}
