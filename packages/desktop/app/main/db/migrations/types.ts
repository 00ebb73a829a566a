import type { Database } from 'better-sqlite3';

export interface Migration {
  /** Consecutive from 1; stored in PRAGMA user_version once applied. */
  version: number;
  name: string;
  up(db: Database): void;
}
