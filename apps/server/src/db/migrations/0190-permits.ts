import type { Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * Permits and their conditions. A permit row is one version; the versions of one permit share `lineage_id`
 * (the first version's id). `number_key` is the lower-cased number: one permit per number and facility,
 * checked by the service across lineages (a new version may keep its number). A scheduled condition owns one
 * requirement (`requirements.condition_id`); the renewal task comes from the requirement named by
 * `renewal_requirement_id`. Requirements and documents name the permit they come from or belong to.
 */
export const migration0190Permits: Migration = {
  async up(db: Kysely<unknown>) {
    await m
      .createEntityTable(db, 'permits')
      .addColumn('facility_id', 'text', m.references('facilities.id', { required: true }))
      .addColumn('lineage_id', 'text', m.required)
      .addColumn('number', 'text', m.required)
      .addColumn('number_key', 'text', m.required)
      .addColumn('title', 'text', m.required)
      .addColumn('agency', 'text', m.required)
      .addColumn('type', 'text', m.required)
      .addColumn('issued_on', 'text', m.required)
      .addColumn('effective_on', 'text', m.required)
      .addColumn('expires_on', 'text')
      .addColumn('renewal_lead_days', 'integer', m.requiredDefault(180))
      .addColumn('renewal_submitted_on', 'text')
      .addColumn('version', 'integer', m.requiredDefault(1))
      .addColumn('previous_version_id', 'text')
      .addColumn('next_version_id', 'text')
      .addColumn('terminated_on', 'text')
      .addColumn('termination_reason', 'text')
      .addColumn('renewal_requirement_id', 'text')
      .$call(m.searchTextAndTimestamps)
      .addUniqueConstraint('permits_lineage_version_unique', ['lineage_id', 'version'])
      .execute();

    await m
      .createEntityTable(db, 'permit_conditions')
      .addColumn('permit_id', 'text', m.references('permits.id', { required: true, cascade: true }))
      .addColumn('reference', 'text', m.required)
      .addColumn('text', 'text', m.required)
      .addColumn('requirement_id', 'text')
      .addColumn('position', 'integer', m.requiredDefault(0))
      .$call(m.timestamps)
      .execute();

    await m.addColumns(db, 'requirements', 'text', ['permit_id', 'condition_id']);
    await m.addColumns(db, 'documents', 'text', ['permit_id']);

    await m.createIndexes(db, {
      ...m.indexesOn('permits', {
        permits_facility_number_idx: ['facility_id', 'number_key'],
        permits_lineage_idx: ['lineage_id'],
        permits_expires_idx: ['expires_on'],
      }),
      permit_conditions_permit_idx: { on: 'permit_conditions', columns: ['permit_id', 'position'] },
      requirements_permit_idx: { on: 'requirements', columns: ['permit_id'] },
      documents_permit_idx: { on: 'documents', columns: ['permit_id'] },
    });
  },

  async down(db: Kysely<unknown>) {
    await m.dropIndexes(db, ['documents_permit_idx', 'requirements_permit_idx']);
    await m.dropColumns(db, 'documents', ['permit_id']);
    await m.dropColumns(db, 'requirements', ['permit_id', 'condition_id']);
    await db.schema.dropTable('permit_conditions').execute();
    await db.schema.dropTable('permits').execute();
  },
};
