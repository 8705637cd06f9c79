import type { Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export interface Migration {
  name: string;
  up(db: Kysely<any>, ctx: { dialect: Dialect }): Promise<void>;
}
