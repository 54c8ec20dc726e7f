import type { z } from 'zod';
import type { Principal } from './auth';
import type { Page } from './list-query';

/**
 * The four operations of a record kind kept in a settings-like list (facilities, regulations, program areas,
 * users), as their routes (crud-routes.ts) call them: a page of the records the caller may see, one record
 * (404 when the caller may not see it), create, and partial update. The type takes the routes' schemas of the
 * list query and of the two bodies, as the service receives them once validated.
 */
export interface CrudService<
  Query extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Item,
  Detail = Item,
  Created = Item,
> {
  list(principal: Principal, query: z.output<Query>): Promise<Page<Item>>;
  get(principal: Principal, id: string): Promise<Detail>;
  create(principal: Principal, body: z.output<Create>): Promise<Created>;
  update(principal: Principal, id: string, body: z.output<Update>): Promise<Item>;
}
