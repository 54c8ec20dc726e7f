import type { Selectable } from 'kysely';
import type { TimestampColumns } from '../../db/columns';

/** A personal access token; `secretHash` is the SHA-256 (hex) of its secret, `expiresOn` its last day (UTC). */
export interface AccessTokensTable extends TimestampColumns {
  id: string;
  userId: string;
  name: string;
  secretHash: string;
  expiresOn: string;
  lastUsedAt: string | null;
}

export type AccessTokenRow = Selectable<AccessTokensTable>;
