import { migration0001 } from './0001-mcp-servers';
import { migration0002 } from './0002-settings';
import { migration0003 } from './0003-watch-paths';
import { migration0004 } from './0004-providers';
import { migration0005 } from './0005-tool-permissions';
import { migration0006 } from './0006-conversations';
import { migration0007 } from './0007-name-keys';
import { migration0008 } from './0008-inherit-env';
import { migration0009 } from './0009-message-actions';
import { migration0010 } from './0010-models-attachments';
import { migration0011 } from './0011-tool-switches';
import { migration0012 } from './0012-workspaces';
import { migration0013 } from './0013-secret-inputs';
import { migration0014 } from './0014-oauth-credentials';
import type { Migration } from './types';

export type { Migration } from './types';

/** Every migration, in order. Append only: a released migration is never edited. */
export const MIGRATIONS: readonly Migration[] = [migration0001, migration0002, migration0003, migration0004, migration0005, migration0006, migration0007, migration0008, migration0009, migration0010, migration0011, migration0012, migration0013, migration0014];
