import type { Principal } from './auth';
import type { Page } from './list-query';

/**
 * The four operations of a record kind kept in a settings-like list (facilities, regulations, program areas,
 * users), as their routes (crud-routes.ts) call them: a page of the records the caller may see, one record
 * (404 when the caller may not see it), create, and partial update.
 */
export interface CrudService<Query, Create, Update, Item, Detail = Item, Created = Item> {
  list(principal: Principal, query: Query): Promise<Page<Item>>;
  get(principal: Principal, id: string): Promise<Detail>;
  create(principal: Principal, body: Create): Promise<Created>;
  update(principal: Principal, id: string, body: Update): Promise<Item>;
}
