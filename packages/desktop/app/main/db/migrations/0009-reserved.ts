import type { Migration } from './types';

/**
 * Placeholder: version 9 belongs to a migration developed on another branch (token usage); this
 * branch's 0010 needs consecutive versions. Replaced by that migration when the branches meet.
 */
export const migration0009: Migration = {
  version: 9,
  name: 'reserved',
  up() {},
};
