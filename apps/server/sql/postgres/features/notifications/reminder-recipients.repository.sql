-- features/notifications/reminder-recipients.repository.ts, compiled for postgres. Written by npm run sql: do not edit.

-- daysUntilDue
-- (not driven by the sample arguments: this query cannot be compiled to SQL)

-- insertReminderRows
-- (not driven by the sample arguments: this query cannot be compiled to SQL)

-- recipientsOf
-- (not driven by the sample arguments: this query cannot be compiled to SQL)
