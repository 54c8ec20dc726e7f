import { describe, expect, it } from 'vitest';
import { databaseChoiceProblem } from './database-choice';

/** Where `npm run demo` loads when the server's settings are not given. */
describe('the demo’s choice of database', () => {
  const config = { dataDir: '/work/app/data', databaseUrl: 'sqlite:/work/app/data/rtms.sqlite' };

  it('refuses to make a new database in ./data when neither DATA_DIR nor DATABASE_URL is set', () => {
    const problem = databaseChoiceProblem({ DATA_DIR: ' ' }, config, () => false);
    expect(problem?.refuse).toBe(true);
    expect(problem?.message).toContain('there is no RTMS database at /work/app/data/rtms.sqlite');
    expect(problem?.message).toContain('DATA_DIR=/srv/rtms npm run demo');
  });

  it('loads into an existing ./data with a note saying so', () => {
    const problem = databaseChoiceProblem({}, config, (file) => file === '/work/app/data/rtms.sqlite');
    expect(problem).toMatchObject({ refuse: false });
    expect(problem?.message).toContain('loading into /work/app/data/rtms.sqlite');
  });

  it('follows DATA_DIR or DATABASE_URL when either is set, silently', () => {
    expect(databaseChoiceProblem({ DATA_DIR: '/srv/rtms' }, config, () => false)).toBeUndefined();
    expect(databaseChoiceProblem({ DATABASE_URL: 'postgres://db/rtms' }, config, () => false)).toBeUndefined();
  });
});
