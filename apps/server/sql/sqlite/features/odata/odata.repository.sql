-- features/odata/odata.repository.ts, compiled for sqlite. Written by npm run sql: do not edit.

-- countMatching
-- (not driven by the sample arguments: invalid aliased expression: {})

-- readPage
-- (not driven by the sample arguments: invalid aliased expression: {})
