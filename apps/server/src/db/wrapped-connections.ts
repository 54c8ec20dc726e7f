import type { DatabaseConnection, Driver } from 'kysely';

/**
 * Makes `driver` hand out `wrap(connection)` in place of each of its connections — one wrapper per connection, made
 * the first time it is acquired — and take its own connection back on release: PostgreSQL's driver gives its client
 * back to the pool through a method of its own connection object. Savepoints and transactions run on the wrapper.
 */
export function wrapConnections(driver: Driver, wrap: (connection: DatabaseConnection) => DatabaseConnection): Driver {
  const wrappers = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const originals = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const acquire = driver.acquireConnection.bind(driver);
  const release = driver.releaseConnection.bind(driver);
  driver.acquireConnection = async () => {
    const connection = await acquire();
    let wrapper = wrappers.get(connection);
    if (!wrapper) {
      wrapper = wrap(connection);
      wrappers.set(connection, wrapper);
      originals.set(wrapper, connection);
    }
    return wrapper;
  };
  driver.releaseConnection = (connection) => release(originals.get(connection) ?? connection);
  return driver;
}
